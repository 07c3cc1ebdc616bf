import { conflict, notFound } from '../../http/errors.js';
import type { SetupDb } from './db.js';
import { commandView, newId, requireSessionRow, type SetupCommand } from './sessions.js';

/** At most this many commands a session. */
export const MAX_COMMANDS = 100;

const iso = (ms: number) => new Date(ms).toISOString();

/** Sends the hub a command: while it is connected or configuring; the first one moves the session to configuring. */
export async function sendCommand(db: SetupDb, sessionId: string, input: { manager: string; command: string; args?: Record<string, unknown> }, now: number): Promise<SetupCommand> {
  const session = await requireSessionRow(db, sessionId, now);
  if (session.state !== 'connected' && session.state !== 'configuring') throw conflict(`Commands go to a connected hub; this setup is ${session.state}`);
  return db.transaction().execute(async (trx) => {
    const { count } = await trx.selectFrom('setup_commands').select(({ fn }) => fn.countAll<number>().as('count')).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    if (Number(count) >= MAX_COMMANDS) throw conflict(`A setup session takes at most ${MAX_COMMANDS} commands`);
    const row = {
      id: newId(),
      session_id: sessionId,
      seq: Number(count),
      manager: input.manager,
      command: input.command,
      args: JSON.stringify(input.args ?? {}),
      state: 'pending',
      result: null,
      created_at: iso(now),
      answered_at: null,
    };
    await trx.insertInto('setup_commands').values(row).execute();
    await trx.updateTable('setup_sessions').set({ state: 'configuring', updated_at: iso(now) }).where('id', '=', sessionId).execute();
    return commandView(row);
  });
}

/** The hub's answer `[error, value]`: done, or failed when error is not null; once only (409 after). */
export async function answerCommand(db: SetupDb, sessionId: string, commandId: string, result: unknown[], now: number): Promise<SetupCommand> {
  await requireSessionRow(db, sessionId, now);
  const row = await db.selectFrom('setup_commands').selectAll().where('id', '=', commandId).where('session_id', '=', sessionId).executeTakeFirst();
  if (!row) throw notFound('Command');
  const changes = { state: result[0] === null || result[0] === undefined ? 'done' : 'failed', result: JSON.stringify(result), answered_at: iso(now) };
  const { numUpdatedRows } = await db.updateTable('setup_commands').set(changes).where('id', '=', commandId).where('state', '=', 'pending').executeTakeFirst();
  if (Number(numUpdatedRows) === 0) throw conflict('This command was answered already');
  return commandView({ ...row, ...changes });
}

interface ResetData {
  factoryreset?: boolean;
  name?: string;
  token?: string;
  extraProperties?: Record<string, unknown>;
}

/** `setup.reset`, carried out by the hub's setup process itself (the contract's updateSessionHomey). */
export const resetCommand = (data: ResetData) => ({ manager: 'setup', command: 'reset', args: { factoryreset: data.factoryreset ?? false, ...data } });

/** The hub's own login with the user's delegation token (its users manager's `login`). */
export const loginCommand = (token: string) => ({ manager: 'users', command: 'login', args: { token } });
