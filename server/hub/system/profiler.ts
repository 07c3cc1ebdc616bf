import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import type { components } from '../../../generated/hub/system.js';
import { systemClock } from '../../http/clock.js';
import { conflict } from '../../http/errors.js';
import { summarizeProfile } from './profile-summary.js';

export type CpuProfile = components['schemas']['SystemCpuProfile'];
export type ProfileStatus = components['schemas']['SystemProfileStatus'];

export const MAX_PROFILE_SECONDS = 600;

interface Run {
  session: Session;
  startedAt: Date;
  stopsAt: Date;
  timer: NodeJS.Timeout;
}

/**
 * One CPU profile of the hub process at a time, through the V8 inspector of the process itself. It samples the
 * process as it runs, so it is timed on the machine's clock, not the hub's.
 */
export class CpuProfiler {
  private run: Run | null = null;
  /** A profile that stopped at the end of its duration, kept until stop() collects it. */
  private done: Promise<CpuProfile> | null = null;

  status(): ProfileStatus {
    const run = this.run;
    return { running: run !== null, startedAt: run?.startedAt.toISOString() ?? null, stopsAt: run?.stopsAt.toISOString() ?? null };
  }

  async start(seconds = MAX_PROFILE_SECONDS): Promise<ProfileStatus> {
    if (this.run) throw conflict('A CPU profile is already running; stop it first');
    const session = new Session();
    const startedAt = new Date(systemClock.now());
    const timer = setTimeout(() => {
      this.done = this.finish();
      this.done.catch(() => undefined); // collected, error and all, by stop()
    }, seconds * 1000).unref();
    this.run = { session, startedAt, stopsAt: new Date(startedAt.getTime() + seconds * 1000), timer };
    this.done = null;
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    return this.status();
  }

  async stop(): Promise<CpuProfile> {
    if (this.run) return this.finish();
    const done = this.done;
    this.done = null;
    if (!done) throw conflict('No CPU profile is running');
    return done;
  }

  /** Ends a running profile without keeping it (a reboot). */
  cancel(): void {
    if (this.run) void this.finish().catch(() => undefined);
    this.done = null;
  }

  private async finish(): Promise<CpuProfile> {
    const { session, startedAt, timer } = this.run!;
    this.run = null;
    clearTimeout(timer);
    try {
      const { profile } = (await session.post('Profiler.stop')) as { profile: Profiler.Profile };
      return summarizeProfile(profile, startedAt, new Date(systemClock.now()));
    } finally {
      session.disconnect();
    }
  }
}
