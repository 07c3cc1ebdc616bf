import type { components } from '../../../generated/cloud/firmware.js';
import { localized, releasesNewerThan, type Channel } from '../../common/firmware/catalogue.js';

type Release = components['schemas']['Release'];

/** The oldest version there is: every release is newer. */
const BEFORE_ALL = '0.0.0';

/**
 * The releases a channel offers, newest first, newer than `since` when given: the hubs' own update catalogue
 * (server/common/firmware/releases.json), so the changelog and the updates a hub finds never disagree.
 */
export function changelog(channel: Channel, since = BEFORE_ALL, language = 'en'): Release[] {
  return releasesNewerThan(since, channel).map((release) => ({
    version: release.version,
    channel: release.channel,
    date: release.date,
    size: release.size,
    changelog: localized(release.changelog, language),
    whatsnew: release.whatsnew.map(({ id, title, text }) => ({ id, title: localized(title, language), text: localized(text, language) })),
  }));
}
