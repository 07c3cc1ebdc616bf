import { randomBytes } from 'node:crypto';
import type { components } from '../../../generated/cloud/flow.js';
import { conflict, notFound } from '../../http/errors.js';
import type { FlowDb } from './db.js';

type SharedFlow = components['schemas']['SharedFlow'];
type SharedFlowRecord = components['schemas']['SharedFlowRecord'];
type FlowShare = SharedFlow['data'];

/** How many flows one user may keep shared. */
export const MAX_SHARED_PER_USER = 200;

/** 128 random bits as 22 base64url characters: a link nobody guesses. */
const newId = () => randomBytes(16).toString('base64url');

export async function shareFlow(db: FlowDb, userId: string, data: FlowShare, now: number): Promise<SharedFlowRecord> {
  const { count } = await db.selectFrom('shared_flows').select(({ fn }) => fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_SHARED_PER_USER) throw conflict(`You have shared ${MAX_SHARED_PER_USER} flows, the most one account may keep shared`);
  const record = { id: newId(), name: data.flow.name, sharedAt: new Date(now).toISOString() };
  await db.insertInto('shared_flows').values({ id: record.id, user_id: userId, name: record.name, shared_at: record.sharedAt, data: JSON.stringify(data) }).execute();
  return record;
}

export async function requireSharedFlow(db: FlowDb, id: string): Promise<SharedFlow> {
  const row = await db.selectFrom('shared_flows').select(['id', 'name', 'shared_at', 'data']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Shared flow');
  return { id: row.id, name: row.name, sharedAt: row.shared_at, data: JSON.parse(row.data) as FlowShare };
}
