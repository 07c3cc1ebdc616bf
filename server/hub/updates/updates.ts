import type { components } from '../../../generated/hub/updates.js';
import { conflict } from '../../http/errors.js';
import { HUB_VERSION, type Hub } from '../core/context.js';
import { Nightly } from '../core/nightly.js';
import { createNotification, type NotifyingHub } from '../notifications/notify.js';
import type { Settings } from '../core/settings.js';
import { hubLanguage } from '../i18n/i18n.js';
import { Hotfixes } from './hotfixes.js';
import { localized, releaseOf, releasesNewerThan, type Channel, type Release } from '../../common/firmware/catalogue.js';
import type { HubService } from '../core/service.js';

type Schemas = components['schemas'];
export type UpdatesState = Schemas['UpdatesState'];
type NotificationKind = Schemas['NotificationKinds'][number];

/** The simulated download speed, on the hub's clock, and how long installing takes once downloaded. */
export const DOWNLOAD_BYTES_PER_SECOND = 4 * 1024 * 1024;
export const INSTALL_MS = 8_000;
/** Automatic updates run at 03:00, an hour after nightly backups. */
const NIGHTLY_HOUR = 3;
const URI = 'homey:manager:updates';
const ALL_NOTIFICATIONS: NotificationKind[] = ['available', 'installed'];

const keys = {
  version: 'updates.version',
  pending: 'updates.pendingVersion',
  channel: 'updates.channel',
  forceChannel: 'updates.forceChannel',
  autoupdate: 'updates.autoupdate',
  notifications: 'updates.updateNotifications',
  announced: 'updates.announced',
  lastCheck: 'updates.lastCheck',
  lastInstall: 'updates.lastInstall',
} as const;

/** The version each hub runs, kept in memory: every response reads it (X-Homey-Version). */
const versions = new WeakMap<Settings, string>();

/** The version the hub runs: the last one installed, else the one it shipped with. */
export function installedVersion(settings: Settings): string {
  let version = versions.get(settings);
  if (version === undefined) versions.set(settings, (version = settings.get<string>(keys.version) ?? HUB_VERSION));
  return version;
}

interface Install {
  release: Release;
  startedAt: string;
  downloaded: number;
  reboot: boolean;
  silent: boolean;
  phase: 'downloading' | 'installing';
  cancel: () => void;
}

/**
 * Updates of the hub's software from the release catalogue: checks, installs (download and install simulated on
 * the hub's clock, then a simulated reboot into the new version), nightly automatic installs and hotfixes.
 */
export class Updates {
  private install: Install | null = null;
  private readonly nightly: Nightly;
  readonly hotfixes: Hotfixes;
  private stopListening = () => {};

  constructor(private readonly hub: NotifyingHub) {
    this.nightly = new Nightly(hub, NIGHTLY_HOUR, () => this.autoupdate, () => this.installNewest());
    this.hotfixes = new Hotfixes(hub, () => this.version, () => this.publishState());
  }

  /** Runs a version installed without reboot, now and at each reboot, as a hub does when it boots; schedules autoupdate. */
  begin(): void {
    this.runPending();
    this.stopListening = this.hub.system.rebooted.add(() => {
      if (this.runPending()) this.publishState();
    });
    this.nightly.reschedule();
  }

  stop(): void {
    this.stopListening();
    this.nightly.stop();
    this.install?.cancel();
    this.install = null;
  }

  get version(): string {
    return installedVersion(this.hub.settings);
  }

  /** The channel in effect: the forced one, else the one chosen. */
  get channel(): Channel {
    return this.forceChannel ?? this.chosenChannel;
  }

  get chosenChannel(): Channel {
    return this.setting<Channel>(keys.channel) ?? 'stable';
  }

  get forceChannel(): Channel | null {
    return this.setting<Channel>(keys.forceChannel) ?? null;
  }

  get autoupdate(): boolean {
    return this.setting<boolean>(keys.autoupdate) ?? false;
  }

  get notifications(): NotificationKind[] {
    return this.setting<NotificationKind[]>(keys.notifications) ?? ALL_NOTIFICATIONS;
  }

  /** Sets (or with null unsets) an option, then tells subscribers of the new state. */
  setOption(option: 'channel' | 'forceChannel' | 'autoupdate' | 'notifications', value: unknown): void {
    if (value === null) this.hub.settings.unset(keys[option]);
    else this.hub.settings.set(keys[option], value);
    if (option === 'autoupdate') this.nightly.reschedule();
    this.publishState();
  }

  /** What the channel offers beyond the version the hub runs (or has installed for its next boot). */
  offered(): Release[] {
    return releasesNewerThan(this.setting<string>(keys.pending) ?? this.version, this.channel);
  }

  check(): Schemas['Update'][] {
    const offered = this.offered();
    this.hub.settings.set(keys.lastCheck, this.isoNow());
    const newest = offered[0];
    if (newest && this.setting<string>(keys.announced) !== newest.version) {
      this.hub.settings.set(keys.announced, newest.version);
      this.notify('available', newest, `Version ${newest.version} is available`);
    }
    this.publishState();
    const language = hubLanguage(this.hub);
    return offered.map(({ version, channel, date, size, changelog }) => ({ version, channel, date, size, changelog: localized(changelog, language) }));
  }

  start(reboot: boolean, silent: boolean): UpdatesState {
    if (this.install) throw conflict(`Version ${this.install.release.version} is being installed`);
    const release = this.offered()[0];
    if (!release) throw conflict(`The hub is up to date on the ${this.channel} channel`);
    this.install = { release, startedAt: this.isoNow(), downloaded: 0, reboot, silent, phase: 'downloading', cancel: () => {} };
    this.download(this.install);
    this.publishState();
    return this.state();
  }

  abort(): void {
    if (!this.install) throw conflict('No update is being installed');
    this.install.cancel();
    this.install = null;
    this.publishState();
  }

  state(): UpdatesState {
    const { install } = this;
    const pendingVersion = this.setting<string>(keys.pending) ?? null;
    return {
      version: this.version,
      channel: this.channel,
      state: install ? install.phase : pendingVersion ? 'rebootRequired' : 'idle',
      install: install && {
        version: install.release.version,
        startedAt: install.startedAt,
        percent: Math.floor((install.downloaded / install.release.size) * 100),
        downloaded: install.downloaded,
        size: install.release.size,
        reboot: install.reboot,
        silent: install.silent,
      },
      updateAvailable: this.offered()[0]?.version ?? null,
      pendingVersion,
      lastCheck: this.setting<string>(keys.lastCheck) ?? null,
      lastInstall: this.setting<UpdatesState['lastInstall']>(keys.lastInstall) ?? null,
      nextAutoupdate: this.nightly.next === null ? null : new Date(this.nightly.next).toISOString(),
      hotfixes: this.hotfixes.applied(),
    };
  }

  /** The nightly automatic install: whatever the channel offers, unless an install runs already. */
  private installNewest(): void {
    if (!this.install && this.offered().length) this.start(true, false);
  }

  /** Downloads a second's worth on each tick of the hub's clock, then installs. */
  private download(install: Install): void {
    const tick = () => {
      install.downloaded = Math.min(install.release.size, install.downloaded + DOWNLOAD_BYTES_PER_SECOND);
      const { version, size } = install.release;
      this.hub.bus.publish(URI, 'progress', { version, percent: Math.floor((install.downloaded / size) * 100), downloaded: install.downloaded, size });
      if (install.downloaded < size) {
        install.cancel = this.hub.clock.at(this.hub.now() + 1000, tick);
        return;
      }
      install.phase = 'installing';
      install.cancel = this.hub.clock.at(this.hub.now() + INSTALL_MS, () => this.installed(install));
      this.publishState();
    };
    install.cancel = this.hub.clock.at(this.hub.now() + 1000, tick);
  }

  private installed(install: Install): void {
    this.install = null;
    if (install.reboot) {
      this.runVersion(install.release, install.silent);
      this.hub.system.reboot('reboot-ota');
    } else {
      this.hub.settings.set(keys.pending, install.release.version);
    }
    this.publishState();
  }

  /** The hub now runs `release`: its version, its what's-new items, no hotfixes of the version before. */
  private runVersion(release: Release, silent = false): void {
    const from = this.version;
    const createdAt = this.isoNow();
    const language = hubLanguage(this.hub);
    this.hub.store.transaction(() => {
      this.hub.settings.set(keys.version, release.version);
      this.hub.settings.set(keys.lastInstall, { version: release.version, from, installedAt: createdAt });
      this.hotfixes.clear();
      for (const { id, title, text } of release.whatsnew) {
        const item = { id: `${release.version}-${id}`, version: release.version, title: localized(title, language), text: localized(text, language), createdAt };
        this.hub.store.insert('whatsnew', item);
      }
    });
    versions.set(this.hub.settings, release.version);
    if (!silent) this.notify('installed', release, `The hub now runs version ${release.version}`);
  }

  /** Runs the version installed for the next boot, if any; true if there was one. */
  private runPending(): boolean {
    const pending = this.setting<string>(keys.pending);
    if (!pending) return false;
    this.hub.settings.unset(keys.pending);
    const release = releaseOf(pending);
    if (release) this.runVersion(release);
    return true;
  }

  /** Update news of a chosen kind: a realtime event, and a notification for the managers, who may install. */
  private notify(kind: NotificationKind, release: Release, text: string): void {
    if (!this.notifications.includes(kind)) return;
    this.hub.bus.publish(URI, 'notification', { kind, version: release.version, text });
    createNotification(this.hub, { ownerUri: URI, excerpt: text, roles: ['manager'], icon: 'update', meta: { kind, version: release.version } });
  }

  private publishState(): void {
    this.hub.bus.publish(URI, 'state', this.state());
  }

  private setting<T>(key: string): T | undefined {
    return this.hub.settings.get<T>(key);
  }

  private isoNow(): string {
    return new Date(this.hub.now()).toISOString();
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** The hub's software updates: channel, autoupdate, installs and hotfixes. */
    updates: Updates;
  }
}

/** The hub's updates: a pending install runs at start, autoupdate is scheduled; they stop with the hub. */
export const updates: HubService<Pick<Hub, 'notificationPushes'>, Pick<Hub, 'updates'>> = {
  name: 'updates',
  start: (hub) => {
    const updates = new Updates(hub);
    updates.begin();
    return { gives: { updates }, stop: () => updates.stop() };
  },
};
