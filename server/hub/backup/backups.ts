import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../../generated/hub/backup.js';
import { conflict } from '../../http/errors.js';
import { Listeners } from '../../http/listeners.js';
import type { Hub, HubCore } from '../core/context.js';
import { Nightly } from '../core/nightly.js';
import type { HubService, Nothing } from '../core/service.js';

export type BackupState = components['schemas']['BackupState'];
type BackupRun = components['schemas']['BackupRun'];
type BackupProgress = components['schemas']['BackupProgress'];
type BackupFile = components['schemas']['BackupFile'];

/** How many backups are kept in the data folder; older ones are deleted when a new one completes. */
export const BACKUP_RETENTION = 7;
/** Nightly backups run at 02:00, an hour before automatic updates. */
const NIGHTLY_HOUR = 2;
/** Database pages copied per step (4 KiB each); between steps the hub serves requests and writes. */
const PAGES_PER_STEP = 128;
const URI = 'homey:manager:backup';
const NAME = /^hub-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z(?:-\d+)?\.sqlite$/;

const keys = {
  automatic: 'backup.automaticBackupsEnabled',
  lastSuccessful: 'backup.lastSuccessfulBackup',
  lastRun: 'backup.lastRun',
} as const;

export interface FinishedBackup {
  /** The backup file's full path. */
  file: string;
  run: BackupRun;
}

/**
 * Tells `listener` of each backup as it completes, before anything else runs: the database is then exactly what
 * the file holds.
 */
export const onBackupFinished = (hub: Pick<Hub, 'backups'>, listener: (backup: FinishedBackup) => void) => hub.backups.finished.add(listener);

/** When a backup file was started, read back from its name. */
function startedAtOf(file: string): string | null {
  const match = NAME.exec(file);
  return match ? `${match[1]}:${match[2]}:${match[3]}.${match[4]}Z` : null;
}

/** Removes a file left by a failed or interrupted backup; where none can be (no folder), there is nothing to do. */
function removeIfThere(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // ENOTDIR: the backups folder is not a folder, so no file is in it.
  }
}

/**
 * The hub's backups: SQLite's online backup of the hub's one database (items, time series, settings) into
 * `<dataDir>/backups/`. The backup copies from the connection the hub writes through, so SQLite carries every
 * write made during the copy into it: the file is a consistent snapshot of the database as the copy completes.
 */
export class Backups {
  private running: { run: BackupRun; progress: BackupProgress; done: Promise<void> } | null = null;
  private readonly nightly: Nightly;
  private closed = false;
  /** Each backup as it completes (onBackupFinished). */
  readonly finished = new Listeners<FinishedBackup>('finished backups');

  constructor(private readonly hub: HubCore) {
    this.nightly = new Nightly(hub, NIGHTLY_HOUR, () => this.automatic, () => {
      if (!this.running) this.start('automatic');
    });
  }

  get folder(): string {
    return path.join(this.hub.config.dataDir, 'backups');
  }

  start(trigger: BackupRun['trigger']): BackupState {
    if (this.running) throw conflict('A backup is running already');
    const startedAt = new Date(this.hub.now()).toISOString();
    const file = this.freeName(startedAt);
    const run: BackupRun = { file, trigger, startedAt, finishedAt: null, size: null, error: null };
    const progress: BackupProgress = { percent: 0, totalPages: 0, remainingPages: 0 };
    const running = { run, progress, done: Promise.resolve() };
    this.running = running;
    this.publishState();
    // A failure before the copy starts (no backups folder) ends the run at once: the answer then says failed.
    running.done = this.copy(run, progress);
    return this.state();
  }

  state(): BackupState {
    const last = this.running?.run ?? this.hub.settings.get<BackupRun>(keys.lastRun) ?? null;
    const outcome = !last ? 'idle' : this.running ? 'running' : last.error ? 'failed' : 'succeeded';
    return {
      state: outcome,
      progress: this.running ? { ...this.running.progress } : null,
      automaticBackupsEnabled: this.automatic,
      lastSuccessfulBackup: this.lastSuccessful,
      nextAutomaticBackup: this.nightly.next === null ? null : new Date(this.nightly.next).toISOString(),
      lastBackup: last,
      backups: this.files(),
      retention: BACKUP_RETENTION,
    };
  }

  get automatic(): boolean {
    return this.hub.settings.get<boolean>(keys.automatic) ?? false;
  }

  set automatic(enabled: boolean | null) {
    if (enabled === null) this.hub.settings.unset(keys.automatic);
    else this.hub.settings.set(keys.automatic, enabled);
    this.nightly.reschedule();
    this.publishState();
  }

  get lastSuccessful(): string | null {
    return this.hub.settings.get<string>(keys.lastSuccessful) ?? null;
  }

  set lastSuccessful(time: string | null) {
    if (time === null) this.hub.settings.unset(keys.lastSuccessful);
    else this.hub.settings.set(keys.lastSuccessful, time);
    this.publishState();
  }

  /** Schedules the nightly backups. */
  begin(): void {
    this.nightly.reschedule();
  }

  /** Stops the nightly backups and waits for a running one, so that the database can be closed. */
  async stop(): Promise<void> {
    this.nightly.stop();
    this.closed = true;
    await this.running?.done;
    this.finished.clear();
  }

  /** The backups kept, newest first (names carry their UTC start time, so they sort by it). */
  private files(): BackupFile[] {
    if (!existsSync(this.folder) || !statSync(this.folder).isDirectory()) return [];
    return readdirSync(this.folder)
      .filter((file) => NAME.test(file))
      .sort()
      .reverse()
      .map((file) => ({ file, size: statSync(path.join(this.folder, file)).size, createdAt: startedAtOf(file)! }));
  }

  private freeName(startedAt: string): string {
    const stem = `hub-${startedAt.replace(/[:.]/g, '-')}`;
    let file = `${stem}.sqlite`;
    for (let n = 2; existsSync(path.join(this.folder, file)); n++) file = `${stem}-${n}.sqlite`;
    return file;
  }

  private async copy(run: BackupRun, progress: BackupProgress): Promise<void> {
    const target = path.join(this.folder, run.file);
    const partial = `${target}.partial`;
    try {
      mkdirSync(this.folder, { recursive: true });
      removeIfThere(partial);
      // The items saved relaxed this turn go into the copy too.
      this.hub.store.flush();
      await this.hub.db.backup(partial, {
        progress: ({ totalPages, remainingPages }) => {
          Object.assign(progress, { totalPages, remainingPages, percent: totalPages ? Math.floor(((totalPages - remainingPages) / totalPages) * 100) : 0 });
          this.hub.bus.publish(URI, 'progress', { ...progress });
          return PAGES_PER_STEP;
        },
      });
      // Nothing has run since the last page was copied: the database is still exactly what the file holds. The copy
      // leaves WAL mode, so that it is one self-contained file to keep, copy or restore.
      const copy = new Database(partial);
      copy.pragma('journal_mode = DELETE');
      copy.close();
      renameSync(partial, target);
      Object.assign(run, { finishedAt: new Date(this.hub.now()).toISOString(), size: statSync(target).size });
      this.finished.tell({ file: target, run });
      this.end(run);
      this.prune();
    } catch (error) {
      removeIfThere(partial);
      this.end({ ...run, finishedAt: new Date(this.hub.now()).toISOString(), error: error instanceof Error ? error.message : String(error) });
    }
  }

  private end(run: BackupRun): void {
    this.running = null;
    // The hub may be closing: the database is still open (stop waits for this backup), but no news goes out.
    this.hub.settings.set(keys.lastRun, run);
    if (!run.error) this.hub.settings.set(keys.lastSuccessful, run.finishedAt);
    if (!this.closed) this.publishState();
  }

  private prune(): void {
    for (const { file } of this.files().slice(BACKUP_RETENTION)) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(this.folder, file + suffix), { force: true });
    }
  }

  private publishState(): void {
    this.hub.bus.publish(URI, 'state', this.state());
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** Backups of the hub's data: made nightly and on demand, restored on demand. */
    backups: Backups;
  }
}

/** The hub's backups: nightly ones are scheduled; the hub's close waits for a running one. */
export const backups: HubService<Nothing, Pick<Hub, 'backups'>> = {
  name: 'backups',
  start: (hub) => {
    const backups = new Backups(hub);
    backups.begin();
    return { gives: { backups }, stop: () => backups.stop() };
  },
};
