/**
 * What npm start's supervisor (scripts/start.ts) and its three processes (scripts/start-hub.ts, start-demo-cloud.ts,
 * start-form.ts) tell each other over their IPC channels: the hub and the cloud learn each other's addresses and the
 * demo account through the supervisor, as a hub would learn them from the cloud it is registered with.
 */
import type { Demo, DemoOptions } from '../server/cloud/account/demo.js';

/** The demo hub's record in the cloud. */
export type DemoHub = DemoOptions['hub'];

export type ToSupervisor =
  /** Sent once the hub has read (or made) the cloud's keys in the data folder too: the cloud may start without racing it. */
  | { type: 'hub-listening'; hubUrl: string; token: string; replaced?: 'revoked' | 'ownerChanged'; docsBuilt: boolean }
  | { type: 'hub-joined'; hub: DemoHub; secureUrl?: string; secureProblem?: string }
  | { type: 'hub-linked'; linked: boolean }
  /** `publicClientId`: the demo's browser app, the support form. */
  | { type: 'cloud-ready'; cloudUrl: string; connectUrl: string; publicClientId: string }
  | { type: 'demo-ready'; demo: Demo }
  | { type: 'form-ready'; formUrl: string; formBuilt: boolean }
  /** From the hub: a token for its owner (the app store's calls); from the cloud: the answer, none when it cannot. */
  | { type: 'owner-token'; id: number; clientName?: string; token?: string };

export type ToChild =
  | { type: 'cloud'; cloudUrl: string; connectUrl: string; publicClientId: string }
  | { type: 'demo'; hub: DemoHub; formUrl: string }
  | { type: 'owner'; accountId: string }
  | { type: 'owner-token'; id: number; accountId?: string; clientName?: string; token?: string };

/**
 * The platform's secret for the app store's secret calls, the same in the hub and the cloud: CLOUD_SHARED_SECRET, else
 * one the supervisor makes for this start and hands both in their environment.
 */
export const APPS_SECRET_VARIABLE = 'START_APPS_SECRET';
export const appsSecret = (): string => process.env[APPS_SECRET_VARIABLE]!;

type Of<T extends ToChild['type']> = Extract<ToChild, { type: T }>;

/** Tells the supervisor (a child started without one, by hand, has no channel and tells nobody). */
export function tell(message: ToSupervisor): void {
  process.send?.(message);
}

/** Calls `handler` with every message of `type` from the supervisor. */
export function onMessage<T extends ToChild['type']>(type: T, handler: (message: Of<T>) => void): void {
  process.on('message', (message: ToChild) => {
    if (message.type === type) handler(message as Of<T>);
  });
}

/** The next message of `type` from the supervisor. */
export function nextMessage<T extends ToChild['type']>(type: T): Promise<Of<T>> {
  return new Promise((resolve) => {
    const listener = (message: ToChild) => {
      if (message.type !== type) return;
      process.off('message', listener);
      resolve(message as Of<T>);
    };
    process.on('message', listener);
  });
}

/**
 * A child stops cleanly on SIGINT (Ctrl-C reaches the whole process group), SIGTERM, or when its supervisor is gone
 * (its channel closes), within 5 s or not at all.
 */
export function stopWith(name: string, close: () => Promise<unknown>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`The ${name} did not stop within 5 s; exiting anyway.`);
      process.exit(1);
    }, 5000).unref();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}
