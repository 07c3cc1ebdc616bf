import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/apps.js';
import { parsed } from './context.js';
import type { AppsTables } from './db.js';
import { initialsIcon, inLanguage, type Text } from './store-info.js';

type Schemas = components['schemas'];
export type BuildRow = Selectable<AppsTables['app_builds']>;
export type ArchiveRow = Selectable<AppsTables['app_archives']>;
export type AppRow = Selectable<AppsTables['apps']>;
type Json = Record<string, unknown>;

/** Builds are numbered in storage; every answer carries the number as text, as the official specification types build ids. */
export const buildIdText = (id: number): string => String(id);

export const archiveView = (row: ArchiveRow): Schemas['Archive'] => ({
  id: row.id,
  buildId: buildIdText(row.build_id),
  state: row.state as Schemas['Archive']['state'],
  error: row.error,
  manifest: parsed<Json>(row.manifest),
  assetsId: row.assets_id,
  hash: row.hash,
  size: row.size === null ? null : Number(row.size),
});

export function buildView(row: BuildRow, archive: ArchiveRow | undefined): Schemas['Build'] {
  return {
    id: buildIdText(row.id),
    appId: row.app_id,
    version: row.version,
    state: row.state as Schemas['BuildState'],
    channel: row.channel as Schemas['Channel'] | null,
    env: JSON.parse(row.env) as Record<string, string>,
    changelog: JSON.parse(row.changelog) as Schemas['LocalizedText'],
    readme: JSON.parse(row.readme) as Schemas['LocalizedText'],
    archive: archive ? archiveView(archive) : null,
    submission: row.submission_state
      ? {
          state: row.submission_state as Schemas['Submission']['state'],
          autoRelease: Boolean(row.auto_release),
          createdAt: row.submitted_at!,
          reviewedAt: row.reviewed_at,
          reviewerId: row.reviewer_id,
        }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A support address the store shows: an http(s) site or a mailto: address, else none. */
const supportOf = (value: unknown) => (typeof value === 'string' && /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/.test(value) ? value : null);

/** A published build as the app's page shows it (getApp), from its app.json. */
export function appBuildView(row: BuildRow): Schemas['AppBuild'] {
  const manifest = parsed<Json>(row.manifest) ?? {};
  const name = (typeof manifest.name === 'string' || (typeof manifest.name === 'object' && manifest.name !== null) ? manifest.name : row.app_id) as Text;
  const brandColor = typeof manifest.brandColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(manifest.brandColor) ? manifest.brandColor : '#888888';
  const bugs = manifest.bugs as { url?: unknown } | undefined;
  const topic = manifest.homeyCommunityTopicId;
  return {
    id: buildIdText(row.id),
    version: row.version,
    name: name as Schemas['AppBuild']['name'],
    brandColor,
    icon: row.icon ?? initialsIcon(brandColor, inLanguage(name, 'en')),
    support: supportOf(manifest.support),
    bugs: typeof bugs?.url === 'string' && /^https?:\/\//.test(bugs.url) ? { url: bugs.url } : null,
    homeyCommunityTopicId: Number.isInteger(topic) && (topic as number) > 0 ? (topic as number) : null,
    updatedAt: row.published_at ?? row.updated_at,
  };
}

/** An app as its developers list it. */
export function developerAppView(app: AppRow, builds: readonly BuildRow[]): Schemas['DeveloperApp'] {
  const newest = (channel: string) => builds.find((b) => b.channel === channel)?.version ?? null;
  const named = builds.find((b) => b.manifest !== null);
  const manifest = named ? (JSON.parse(named.manifest!) as Json) : {};
  const latest = builds[0];
  return {
    id: app.id,
    name: inLanguage((manifest.name as Text | undefined) ?? app.id, 'en'),
    authorId: app.author_id,
    organizationId: app.org_id,
    liveVersion: newest('stable'),
    testVersion: newest('beta'),
    latestBuild: latest ? { id: buildIdText(latest.id), version: latest.version, state: latest.state as Schemas['BuildState'] } : null,
  };
}
