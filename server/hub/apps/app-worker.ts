import { Worker } from 'node:worker_threads';
import { resolve } from 'node:path';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { every, type Clock } from '../../http/clock.js';

/** The worker entry that gives an app its SDK. */
const RUNNER = resolve('server/hub/apps/worker/runner.js');
/** Lines of output kept per app for the crash log and the devkit. */
const LOG_LINES = 500;
/** An app's JavaScript heap may not grow beyond this. */
const MAX_HEAP_MB = 64;
/**
 * Its young generation, where new objects live until they survive a collection: left to V8, a busy app grows it to
 * 32 MB, more than the rest of its worker; this size keeps collections cheap and the hub's memory within budget.
 */
const YOUNG_HEAP_MB = 8;
/** How often the hub looks at each app's event loop. */
const LOOK_MS = 1_000;
/**
 * An app whose event loop ran its code without one pause this long is stopped as crashed: a loop that never yields
 * answers nothing (no card, no route, no stop) and holds a core. Athom's apps do long work in steps, as Node's own do.
 */
export const BUSY_LIMIT_MS = 10_000;
/** Share of a look's time the loop ran code (event loop utilization) above which it had no pause. */
const BUSY_UTILIZATION = 0.99;
/**
 * Looks in a row an app may stay over a limit (its loop busy without a pause, or its heap above HEAVY_HEAP_MB): it
 * hears a warning at each look (`cpuwarn`, `memwarn` with `{ count, limit }`, as Homey's), and is stopped at this one.
 */
export const WARN_LIMIT = BUSY_LIMIT_MS / LOOK_MS;
/**
 * The heap an app holds (after a full collection) from which it is near its limit: left there, V8 spends its time
 * collecting before it ends the worker at MAX_HEAP_MB.
 */
export const HEAVY_HEAP_MB = (MAX_HEAP_MB * 3) / 4;
const HEAVY_HEAP_BYTES = HEAVY_HEAP_MB * 1024 * 1024;
/** How long a usage measurement waits for the app to answer with its heap; a busy app's last known heap is used. */
const USAGE_WAIT_MS = 1_000;

export type StdStream = 'stdout' | 'stderr';
export interface LogLine {
  stream: StdStream;
  line: string;
}

/** What an app's worker says to the hub (see worker/runner.js). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'trigger'; cardId: string; tokens: Record<string, unknown>; state: Record<string, unknown>; deviceId?: string; matched?: string[] }
  | { type: 'request'; requestId: number; method: string; args: Record<string, unknown> }
  | { type: 'realtime'; event: string; data: unknown }
  | { type: 'setSetting'; name: string; value: unknown }
  | { type: 'token'; id: string; tokenType: 'string' | 'number' | 'boolean' | 'image'; title: string; value: string | number | boolean | null }
  | { type: 'tokenValue'; id: string; value: string | number | boolean | null }
  | { type: 'tokenRemove'; id: string }
  | { type: 'oauth2Callback'; id: number; apiUrl: string }
  | { type: 'result'; callId: number; value?: unknown; error?: string; statusCode?: number }
  | { type: 'usage'; callId: number; mem: number };

/** A call the app answered with an error: its message, and the 4xx status it asked for, if any. */
export class AppCallError extends Error {
  statusCode: number | undefined;
}

export interface WorkerEvents {
  message(message: WorkerMessage): void;
  /** A line the app wrote to its stdout or stderr (or the hub wrote there about it). */
  output(line: LogLine): void;
  /** The worker ended: `error` when it threw, `stopped` when the hub ended it. */
  exit(outcome: { code: number; error: Error | undefined; stopped: boolean }): void;
}

/** One app's worker thread: its messages, its output (kept in a ring), calls answered by the worker, its usage. */
export class AppWorker {
  private readonly worker: Worker;
  private readonly calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private callCount = 0;
  private error: Error | undefined;
  private stopping = false;
  /** Set once the worker has ended: a message posted to it then is dropped unanswered. */
  private exited = false;
  private lastUtilization: EventLoopUtilization | undefined;
  private lastLook: EventLoopUtilization | undefined;
  private lastMem = 0;
  readonly log: LogLine[];
  private readonly output: (line: LogLine) => void;

  constructor(
    { appDir, settings, now, env, debug, hub }: { appDir: string; settings: Record<string, unknown>; now: number; env: Record<string, string>; debug: boolean; hub: unknown },
    events: WorkerEvents,
    log: LogLine[] = [],
  ) {
    this.log = log;
    this.output = events.output;
    this.worker = new Worker(RUNNER, {
      workerData: { appDir, settings, now, env, hub },
      // An app sees none of the hub's environment (SMTP_URL and the like): what it may read comes as Homey.env. A
      // devkit run in debug mode sets DEBUG=1, as Athom's `homey app run` does (apps open their inspector on it).
      env: debug ? { DEBUG: '1' } : {},
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB, maxYoungGenerationSizeMb: YOUNG_HEAP_MB },
    });
    this.capture('stdout', this.worker.stdout);
    this.capture('stderr', this.worker.stderr);
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'result' || message.type === 'usage') return this.settle(message);
      events.message(message);
    });
    this.worker.on('error', (error) => {
      this.error = error;
      this.append('stderr', error.stack ?? error.message);
    });
    this.worker.on('exit', (code) => {
      this.exited = true;
      for (const call of this.calls.values()) call.reject(new Error('The app stopped'));
      this.calls.clear();
      events.exit({ code, error: this.error, stopped: this.stopping });
    });
  }

  private capture(stream: StdStream, input: NodeJS.ReadableStream): void {
    createInterface({ input }).on('line', (line) => this.append(stream, line));
  }

  private append(stream: StdStream, line: string): void {
    this.log.push({ stream, line });
    this.output({ stream, line });
    if (this.log.length > LOG_LINES) this.log.splice(0, this.log.length - LOG_LINES);
  }

  private settle(message: Extract<WorkerMessage, { callId: number }>): void {
    const call = this.calls.get(message.callId);
    this.calls.delete(message.callId);
    if (!call) return;
    if (message.type === 'usage') call.resolve(message.mem);
    else if (message.error !== undefined) call.reject(Object.assign(new AppCallError(message.error), { statusCode: message.statusCode }));
    else call.resolve(message.value);
  }

  post(message: Record<string, unknown>): void {
    this.worker.postMessage(message);
  }

  /** Sends a message the worker answers (a card run); rejects if the app stops first, or once `signal` aborts (its reason). */
  call(message: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    // A worker that has ended would drop the message, and the call would wait for ever.
    if (this.exited) return Promise.reject(new Error('The app stopped'));
    const callId = ++this.callCount;
    return new Promise((resolve, reject) => {
      this.calls.set(callId, { resolve, reject });
      // A late answer to an abandoned call finds no entry and is dropped.
      signal?.addEventListener('abort', () => {
        this.calls.delete(callId);
        reject(signal.reason);
      }, { once: true });
      this.post({ ...message, callId });
    });
  }

  /**
   * CPU (percent of one core: the share of time its event loop ran code since the last measurement) and heap bytes of
   * the worker, after a full gc if asked; an app too busy to answer within USAGE_WAIT_MS on `clock` counts with its
   * last known heap.
   */
  async usage(clock: Clock, { gc = false } = {}): Promise<{ cpu: number; mem: number }> {
    const wait = new AbortController();
    const cancel = clock.at(clock.now() + USAGE_WAIT_MS, () => wait.abort(new Error('The app is busy')));
    try {
      this.lastMem = (await this.call({ type: gc ? 'gc' : 'usage' }, wait.signal)) as number;
    } catch {
      // Busy or stopped: its last known heap.
    } finally {
      cancel();
    }
    const now = this.worker.performance.eventLoopUtilization();
    const since = this.lastUtilization ? this.worker.performance.eventLoopUtilization(now, this.lastUtilization) : now;
    this.lastUtilization = now;
    return { cpu: Math.round(since.utilization * 10_000) / 100, mem: this.lastMem };
  }

  /** Whether the app's event loop ran code without one pause since the last look (never on the first look). */
  private busySinceLastLook(): boolean {
    const now = this.worker.performance.eventLoopUtilization();
    const since = this.lastLook && this.worker.performance.eventLoopUtilization(now, this.lastLook);
    this.lastLook = now;
    return since !== undefined && since.utilization > BUSY_UTILIZATION;
  }

  /**
   * Looks at the app every LOOK_MS on `clock`: at its event loop, and while that pauses, at its heap. An app over a
   * limit hears a warning at each look, and after WARN_LIMIT looks in a row it is ended as crashed with the reason
   * (its worker ends even in the middle of its loop). Returns the stop.
   */
  watch(clock: Clock): () => void {
    let busyLooks = 0;
    let heavyLooks = 0;
    let weighing = false;
    return every(clock, LOOK_MS, () => {
      if (this.error) return;
      busyLooks = this.busySinceLastLook() ? busyLooks + 1 : 0;
      if (busyLooks >= WARN_LIMIT) return this.end(`The app ran for ${BUSY_LIMIT_MS / 1000} s without a pause (an endless loop?) and was stopped`);
      if (busyLooks > 0) return this.warn('cpuwarn', busyLooks);
      if (weighing) return;
      weighing = true;
      this.call({ type: 'heap', collectAbove: HEAVY_HEAP_BYTES }).then((mem) => {
        this.lastMem = mem as number;
        heavyLooks = this.lastMem > HEAVY_HEAP_BYTES ? heavyLooks + 1 : 0;
        if (heavyLooks >= WARN_LIMIT) this.end(`The app held more than ${HEAVY_HEAP_MB} MB of its ${MAX_HEAP_MB} MB heap for ${WARN_LIMIT} s and was stopped`);
        else if (heavyLooks > 0) this.warn('memwarn', heavyLooks);
      }, () => undefined).finally(() => (weighing = false));
    });
  }

  /** Tells the app it nears a limit: the `count`th look in a row over it, of WARN_LIMIT. */
  private warn(event: 'cpuwarn' | 'memwarn', count: number): void {
    this.post({ type: 'warn', event, count, limit: WARN_LIMIT });
  }

  /** Ends the app as crashed with `reason`, at once. */
  private end(reason: string): void {
    if (this.error) return;
    this.error = new Error(reason);
    this.append('stderr', reason);
    void this.worker.terminate();
  }

  /** Ends the worker; an SDK v3 app first runs its onUninit handlers, until `grace` aborts. */
  async stop(grace?: AbortSignal): Promise<void> {
    this.stopping = true;
    await this.call({ type: 'uninit' }, grace).catch(() => undefined);
    await this.worker.terminate();
  }
}
