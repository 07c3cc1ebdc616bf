import type { components } from '../../../generated/hub/updates.js';
import { conflict, notFound } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import { hubLanguage } from '../i18n/i18n.js';
import { hotfixesFor, localized } from '../../common/firmware/catalogue.js';

type Hotfix = components['schemas']['Hotfix'];

const KEY = 'updates.hotfixes';

/** Hotfixes of the version running: small fixes from the catalogue, applied and reverted without a reboot. */
export class Hotfixes {
  constructor(
    private readonly hub: HubCore,
    private readonly version: () => string,
    private readonly changed: () => void,
  ) {}

  /** The ids of the hotfixes applied. */
  applied(): string[] {
    return this.hub.settings.get<string[]>(KEY) ?? [];
  }

  list(): Record<string, Hotfix> {
    const applied = this.applied();
    const language = hubLanguage(this.hub);
    return Object.fromEntries(
      hotfixesFor(this.version()).map(({ id, version, date, description }) => [id, { id, version, date, description: localized(description, language), applied: applied.includes(id) }]),
    );
  }

  apply(id: string): Hotfix {
    const hotfix = this.find(id);
    if (hotfix.applied) throw conflict(`Hotfix ${id} is applied already`);
    this.hub.settings.set(KEY, [...this.applied(), id]);
    this.changed();
    return { ...hotfix, applied: true };
  }

  revert(id: string): void {
    if (!this.find(id).applied) throw conflict(`Hotfix ${id} is not applied`);
    this.hub.settings.set(KEY, this.applied().filter((applied) => applied !== id));
    this.changed();
  }

  /** A new version comes without the hotfixes of the one before. */
  clear(): void {
    this.hub.settings.unset(KEY);
  }

  private find(id: string): Hotfix {
    const hotfix = new Map(Object.entries(this.list())).get(id);
    if (!hotfix) throw notFound('Hotfix');
    return hotfix;
  }
}
