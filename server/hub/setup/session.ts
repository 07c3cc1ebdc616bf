import { ApiError } from '../../http/errors.js';
import type { Dispatcher } from '../../http/dispatcher.js';
import { log } from '../../http/log.js';
import type { ContractValidator } from '../../http/validator.js';
import type { Hub, HubContext } from '../core/context.js';
import type { DemoHomeHub } from '../demo/home.js';
import { ownerOf } from '../users/users.js';
import { setupReset } from './reset.js';

/** A setup session the hub takes part in: the setup service's base URL, the session and its hub token. */
export interface SetupLink {
  setupUrl: string;
  sessionId: string;
  hubToken: string;
  /** The hub's serial number, told when it joins (the session's must match it). */
  sn?: string;
}

/** How a setup ends for the hub: ready, failed (said so), or gone (deleted or expired, or stopped). */
export type SetupOutcome = { state: 'ready' } | { state: 'failed'; failure: string } | { state: 'gone' };

export interface SetupRun {
  /** Settles once the hub has told the service it is connected; rejects with a SetupServiceError when it could not. */
  joined: Promise<void>;
  done: Promise<SetupOutcome>;
  stop(): void;
}

/** The setup service refused a call (`status`) or could not be reached (no status). */
export class SetupServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** The session was deleted or expired, or never had this hub token: there is nothing left to take part in. */
  get gone(): boolean {
    return this.status === 401 || this.status === 404;
  }
}

/** A call of one of the hub's own operations by manager and operationId, with its named arguments. */
export type OwnApi = (manager: string, operationId: string, args: Record<string, unknown>) => Promise<unknown>;

interface Command {
  id: string;
  manager: string;
  command: string;
  args: Record<string, unknown>;
  state: string;
}

/** How long a command made as the owner may take; its session ends after it anyway. */
const OWNER_SESSION_MS = 10 * 60_000;

/**
 * The hub's own API as its owner calls it, through the dispatcher that every transport feeds: a command meets the
 * checks a call over HTTP meets (scopes, guards, validation). Each call has a short owner session of its own.
 */
export function ownApiOf(hub: Hub, dispatcher: Dispatcher<HubContext>, validator: ContractValidator): OwnApi {
  return async (manager, operationId, args) => {
    const operation = dispatcher.find(manager, operationId);
    if (!operation) throw new ApiError(404, 'not_found', `Unknown operation: ${manager}.${operationId}`);
    const owner = ownerOf(hub);
    if (!owner) throw new ApiError(409, 'conflict', 'The hub has no owner yet: reset it with a token first');
    const { session, token } = hub.sessions.create({ type: 'OAUTH', userId: owner.id, scopes: ['homey'], clientName: 'Setup', ttlMs: OWNER_SESSION_MS });
    try {
      const path = Object.fromEntries(operation.spec.pathParams.map((name) => [name, typeof args[name] === 'string' ? (args[name] as string) : '']));
      const caller = { session: hub.sessions.authenticate(token), remoteAddress: '127.0.0.1' };
      return await dispatcher.call(operation, caller, path, () => validator.args(operation.spec, args), args);
    } finally {
      // A factory reset among the commands may have taken it already.
      if (hub.store.get('session', session.id)) hub.sessions.revoke(session.id);
    }
  };
}

/** An error as the hub's API answers it, the first element of a command's `[error, value]`. */
function errorOf(error: unknown) {
  if (error instanceof ApiError) return { error: error.error, error_description: error.message, statusCode: error.statusCode };
  return { error: 'internal_error', error_description: 'The hub could not carry out the command', statusCode: 500 };
}

/**
 * The hub's side of a setup session: it joins (state `connected`, with its serial number), then asks for the
 * session's commands every `pollMs` and carries out each pending one once, answering `[error, value]`:
 * `setup.reset` itself (setup/reset.ts), any other as a call of its own API as its owner (a hub without one first
 * takes the account of the session's `users.login` token as its owner). Once a reset is done
 * it says `ready`, the last step. A session deleted or expired ends it; an unreachable service is asked again.
 */
export function joinSetupSession(hub: DemoHomeHub, link: SetupLink, ownApi: OwnApi, { pollMs = 1000 } = {}): SetupRun {
  const base = `${link.setupUrl.replace(/\/+$/, '')}/${encodeURIComponent(link.sessionId)}`;
  let stopped = false;
  let wake = () => {};
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${link.hubToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      throw new SetupServiceError(`The setup service at ${link.setupUrl} cannot be reached: ${error.cause instanceof Error ? error.cause.message : error.message}`);
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const said = (answer as { error_description?: unknown } | undefined)?.error_description;
      throw new SetupServiceError(`The setup service answered ${response.status}${typeof said === 'string' ? `: ${said}` : ''}`, response.status);
    }
    return answer;
  };
  const carryOut = async ({ manager, command, args }: Command): Promise<unknown[]> => {
    try {
      if (manager === 'setup' && command === 'reset') return [null, await setupReset(hub, args)];
      // A new hub's first login makes the token's account its owner, as a reset with that token would.
      if (manager === 'users' && command === 'login' && !ownerOf(hub) && typeof args.token === 'string') await setupReset(hub, { token: args.token });
      const value = await ownApi(manager, command, args);
      return [null, value ?? null];
    } catch (error) {
      if (!(error instanceof ApiError)) log.warn({ err: error }, `The setup command ${manager}.${command} failed`);
      return [errorOf(error), null];
    }
  };

  const joined = call('PUT', '/state', { state: 'connected', ...(link.sn ? { sn: link.sn } : {}) }).then(() => undefined);
  const run = async (): Promise<SetupOutcome> => {
    await joined;
    // Each command is carried out once: a result the service did not get is sent again, not made again.
    const results = new Map<string, unknown[]>();
    while (!stopped) {
      try {
        const commands = (await call('GET', '/command')) as Command[];
        for (const command of commands.filter(({ state }) => state === 'pending')) {
          const result = results.get(command.id) ?? (await carryOut(command));
          results.set(command.id, result);
          await call('PUT', `/command/${encodeURIComponent(command.id)}`, { result });
          if (command.manager === 'setup' && command.command === 'reset' && result[0] === null) {
            await call('PUT', '/state', { state: 'ready' });
            return { state: 'ready' };
          }
        }
      } catch (error) {
        if (error instanceof SetupServiceError && error.gone) return { state: 'gone' };
        log.warn({ err: error }, 'The setup session could not be read; asking again');
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        hub.clock.at(hub.now() + pollMs, resolve);
      });
    }
    return { state: 'gone' };
  };

  const done = run().catch((error: unknown): SetupOutcome => {
    if (error instanceof SetupServiceError && error.gone) return { state: 'gone' };
    return { state: 'failed', failure: (error as Error).message };
  });
  // Whoever waits for the join hears its failure; done tells it too.
  joined.catch(() => {});
  return {
    joined,
    done,
    stop() {
      stopped = true;
      wake();
    },
  };
}
