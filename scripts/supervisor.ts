/**
 * npm start's processes kept running as a hub's service manager keeps its services: each in a process of its own, so
 * that one that crashes never ends another; one that stops unasked is started again after a back-off, with a printed
 * line, until it has stopped too often in a short time (then it stays stopped, so that a process that crashes at boot
 * does not spin). Until the whole start is up, a process that stops ends the start instead: its own line said why.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { systemClock } from '../server/http/clock.js';
import type { ToChild, ToSupervisor } from './start-protocol.js';

export interface Supervised {
  /** As printed: "hub" in "The hub stopped ...". */
  name: string;
  /** The script it runs (the bundle's, or the TypeScript file under tsx). */
  entry: string;
  /** Its environment beside the supervisor's, asked at each start (a restart listens where the first start did). */
  env(): Record<string, string>;
  /** Each start of it, before its first message. */
  onStart(): void;
  onMessage(message: ToSupervisor): void;
}

export interface RestartPolicy {
  /** At most this many restarts of one process within the window; the next stop leaves it stopped. */
  restarts: number;
  windowMs: number;
  /** The wait before the first restart of a burst, doubled for each further one, up to `maxDelayMs`. */
  delayMs: number;
  maxDelayMs: number;
}

export const RESTART_POLICY: RestartPolicy = { restarts: 5, windowMs: 60_000, delayMs: 500, maxDelayMs: 10_000 };

const how = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `exit code ${code}`);

export class Supervisor {
  private readonly running = new Map<Supervised, ChildProcess>();
  private readonly restarts = new Map<Supervised, number[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopping = false;
  /** Set once the whole start is up: from then on a process that stops is restarted. */
  up = false;

  /** `startFailed`: a process stopped before the whole start was up, with its exit code. */
  constructor(
    private readonly startFailed: (code: number) => void,
    private readonly policy = RESTART_POLICY,
  ) {}

  start(process_: Supervised): void {
    const child = fork(process_.entry, [], { env: { ...process.env, ...process_.env() }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.running.set(process_, child);
    process_.onStart();
    child.on('message', (message: ToSupervisor) => process_.onMessage(message));
    // A message sent while it exits is lost with it: its next start is told again.
    child.on('error', () => undefined);
    child.once('exit', (code, signal) => {
      this.running.delete(process_);
      if (this.stopping) return;
      if (!this.up) return this.startFailed(code || 1);
      this.restart(process_, how(code, signal));
    });
  }

  private restart(process_: Supervised, why: string): void {
    const now = systemClock.now();
    const { restarts, windowMs, delayMs, maxDelayMs } = this.policy;
    const recent = (this.restarts.get(process_) ?? []).filter((at) => now - at < windowMs);
    if (recent.length >= restarts) {
      console.log(`The ${process_.name} stopped (${why}), its stop ${recent.length + 1} within ${windowMs / 1000} s: it is not restarted again; the others keep serving.`);
      return;
    }
    const delay = Math.min(delayMs * 2 ** recent.length, maxDelayMs);
    this.restarts.set(process_, [...recent, now]);
    console.log(`The ${process_.name} stopped (${why}): restarting it in ${delay / 1000} s.`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.start(process_);
    }, delay);
    this.timers.add(timer);
  }

  /** Tells the process, when it runs; false when it does not. */
  send(process_: Supervised, message: ToChild): boolean {
    const child = this.running.get(process_);
    if (!child?.connected) return false;
    child.send(message);
    return true;
  }

  /** Asks every process to stop with `signal` and resolves once all have; after `graceMs`, kills those left. */
  async stop(signal: NodeJS.Signals, graceMs = 5000): Promise<boolean> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    const children = [...this.running.values()];
    const exits = children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve))));
    for (const child of children) child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([Promise.all(exits).then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
    clearTimeout(timer);
    if (!inTime) for (const child of children) child.kill('SIGKILL');
    return inTime;
  }
}
