import { randomBytes } from 'node:crypto';
import type { components } from '../../../generated/cloud/setup.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { secretHash } from '../../http/secrets.js';
import type { SetupDb, SetupTables } from './db.js';

type Schemas = components['schemas'];
export type SetupSession = Schemas['SetupSession'];
export type SetupCommand = Schemas['SetupCommand'];
type State = Schemas['SetupState'];
type StateChange = Schemas['SetupStateChange'];
type SessionRow = SetupTables['setup_sessions'];

/** A session lives this long; after it, it is gone for both sides (404). */
export const SESSION_TTL_MS = 24 * 3_600_000;
/** The prefix that tells a hub's token from an account access token. */
export const HUB_TOKEN_PREFIX = 'setup.';

export const newId = () => randomBytes(16).toString('base64url');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The state machine (the contract's description): which state each change the hub tells may come from. `ready`
 * and `failed` are final; `configuring` is entered by the first command, not told.
 */
const FROM: Readonly<Record<StateChange['state'], readonly State[]>> = {
  connected: ['created'],
  ready: ['connected', 'configuring'],
  failed: ['created', 'connected', 'configuring'],
};

export function commandView(row: SetupTables['setup_commands']): SetupCommand {
  return {
    id: row.id,
    manager: row.manager,
    command: row.command,
    args: JSON.parse(row.args) as SetupCommand['args'],
    state: row.state as SetupCommand['state'],
    result: row.result === null ? null : (JSON.parse(row.result) as unknown[]),
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

export async function commandsOf(db: SetupDb, sessionId: string): Promise<SetupCommand[]> {
  const rows = await db.selectFrom('setup_commands').selectAll().where('session_id', '=', sessionId).orderBy('seq').execute();
  return rows.map(commandView);
}

async function view(db: SetupDb, row: SessionRow): Promise<SetupSession> {
  const { id, sn, name, language, timezone, failure } = row;
  return { id, sn, state: row.state as State, name, language, timezone, failure, commands: await commandsOf(db, id), createdAt: row.created_at, updatedAt: row.updated_at };
}

/** A session that exists and has not expired, or a 404. */
export async function requireSessionRow(db: SetupDb, id: string, now: number): Promise<SessionRow> {
  const row = await db.selectFrom('setup_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now) throw notFound('Setup session');
  return row;
}

export async function createSession(db: SetupDb, userId: string, sn: string | undefined, now: number): Promise<SetupSession & { hubToken: string }> {
  const hubToken = `${HUB_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: SessionRow = {
    id: newId(),
    user_id: userId,
    sn: sn ?? null,
    state: 'created',
    name: null,
    language: null,
    timezone: null,
    failure: null,
    hub_token_hash: secretHash(hubToken),
    created_at: iso(now),
    updated_at: iso(now),
    expires_at: iso(now + SESSION_TTL_MS),
  };
  await db.insertInto('setup_sessions').values(row).execute();
  return { ...(await view(db, row)), hubToken };
}

export const getSession = async (db: SetupDb, id: string, now: number) => view(db, await requireSessionRow(db, id, now));

export async function updateSession(db: SetupDb, id: string, data: components['schemas']['SetupSessionUpdate'], now: number): Promise<SetupSession> {
  const row = await requireSessionRow(db, id, now);
  if (row.state === 'ready' || row.state === 'failed') throw conflict(`The setup is ${row.state}: it cannot change any more`);
  if (data.sn !== undefined && row.sn !== null && data.sn !== row.sn && row.state !== 'created') throw conflict('The hub has connected with its serial number: it cannot change');
  if (data.timezone !== undefined) requireTimeZone(data.timezone);
  const changes = { ...pick(data), updated_at: iso(now) };
  await db.updateTable('setup_sessions').set(changes).where('id', '=', id).execute();
  return view(db, { ...row, ...changes });
}

const pick = ({ sn, name, language, timezone }: components['schemas']['SetupSessionUpdate']) =>
  Object.fromEntries(Object.entries({ sn, name, language, timezone }).filter(([, value]) => value !== undefined));

function requireTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw badRequest(`timezone must be an IANA time zone such as Europe/Amsterdam, not ${timeZone}`);
  }
}

export async function deleteSession(db: SetupDb, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('setup_commands').where('session_id', '=', id).execute();
    await trx.deleteFrom('setup_sessions').where('id', '=', id).execute();
  });
}

export const stateOf = (row: SessionRow) => ({ state: row.state as State, failure: row.failure, updatedAt: row.updated_at });

/** The hub tells its state: a move of the state machine, else 409; `connected` must name the session's serial number. */
export async function setState(db: SetupDb, id: string, change: StateChange, now: number) {
  const row = await requireSessionRow(db, id, now);
  if (!FROM[change.state].includes(row.state as State)) throw conflict(`A setup cannot go from ${row.state} to ${change.state}`);
  if (change.state === 'connected' && row.sn !== null && change.sn !== undefined && change.sn !== row.sn) {
    throw conflict(`This session is for the hub ${row.sn}, not ${change.sn}`);
  }
  const changes = {
    state: change.state,
    updated_at: iso(now),
    ...(change.state === 'connected' && change.sn ? { sn: change.sn } : {}),
    ...(change.state === 'failed' ? { failure: change.failure ?? 'The hub did not say why' } : {}),
  };
  // Only from the state read: two racing changes cannot both win.
  const { numUpdatedRows } = await db.updateTable('setup_sessions').set(changes).where('id', '=', id).where('state', '=', row.state).executeTakeFirst();
  if (Number(numUpdatedRows) === 0) throw conflict('The setup changed meanwhile: read its state again');
  return stateOf({ ...row, ...changes });
}
