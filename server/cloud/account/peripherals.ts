import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { AccountContext } from './context.js';
import { digest } from './crypto.js';
import { isUniqueViolation, type Tables } from './db.js';
import { requireHomey } from './hubs.js';
import { callerId, findUser, isAdmin } from './callers.js';
import { peripheralView, type Details, type PeripheralView } from './peripheral-view.js';

/** Bridges and portals: one table, one set of rules (made in production, claimed by activation). */
export type PeripheralKind = Tables['peripherals']['kind'];
type Row = Selectable<Tables['peripherals']>;
type Create = components['schemas']['PeripheralCreate'];
type Update = components['schemas']['PeripheralUpdate'];

const label = (kind: PeripheralKind) => (kind === 'bridge' ? 'Bridge' : 'Portal');

/** The caller's own, or every one for an admin (production's view). */
export async function listPeripherals(context: AccountContext, kind: PeripheralKind, filter: { serial?: string; serialHash?: string }): Promise<PeripheralView[]> {
  const caller = callerId(context);
  let query = context.account.db.selectFrom('peripherals').selectAll().where('kind', '=', kind);
  if (!(await isAdmin(context, caller))) query = query.where('owner_id', '=', caller);
  if (filter.serial !== undefined) query = query.where('serial', '=', filter.serial);
  if (filter.serialHash !== undefined) query = query.where('serial_hash', '=', filter.serialHash);
  return (await query.orderBy('created_at', 'desc').orderBy('serial').execute()).map(peripheralView);
}

export async function createPeripheral(context: AccountContext, kind: PeripheralKind, input: Create): Promise<PeripheralView> {
  const now = context.account.iso();
  const { serial, name = label(kind), ...rest } = input;
  const row: Row = { kind, serial, serial_hash: digest(serial), owner_id: null, hub_id: null, data: JSON.stringify({ name, ...rest }), activated_at: null, created_at: now, updated_at: now };
  try {
    await context.account.db.insertInto('peripherals').values(row).execute();
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(`A ${kind} with this serial exists already`) : error;
  }
  return peripheralView(row);
}

/** Its owner's or any for an admin; 404 for everyone else (strangers learn nothing). */
async function requirePeripheral(context: AccountContext, kind: PeripheralKind, serial: string): Promise<Row> {
  const caller = callerId(context);
  const row = await context.account.db.selectFrom('peripherals').selectAll().where('kind', '=', kind).where('serial', '=', serial).executeTakeFirst();
  if (!row || (row.owner_id !== caller && !(await isAdmin(context, caller)))) throw notFound(label(kind));
  return row;
}

export const getPeripheral = async (context: AccountContext, kind: PeripheralKind, serial: string) => peripheralView(await requirePeripheral(context, kind, serial));

export async function updatePeripheral(context: AccountContext, kind: PeripheralKind, serial: string, patch: Update): Promise<PeripheralView> {
  const row = await requirePeripheral(context, kind, serial);
  const { homeyId, ...details } = patch;
  if (homeyId) {
    if (!row.owner_id) throw conflict(`Activate the ${kind} before linking it to a hub`);
    await requireHomey(context.account, row.owner_id, homeyId);
  }
  const changes = {
    data: JSON.stringify({ ...(JSON.parse(row.data) as Details), ...details }),
    ...(homeyId !== undefined ? { hub_id: homeyId } : {}),
    updated_at: context.account.iso(),
  };
  await context.account.db.updateTable('peripherals').set(changes).where('kind', '=', kind).where('serial', '=', serial).execute();
  return peripheralView({ ...row, ...changes });
}

/**
 * The person setting a device up claims it: it becomes theirs (an admin may name another account), activated, linked
 * to a hub of theirs. A device someone else activated is theirs (409).
 */
export async function activatePeripheral(context: AccountContext, kind: PeripheralKind, serial: string, input: { homeyId?: string; userId?: string }): Promise<PeripheralView> {
  const caller = callerId(context);
  const owner = input.userId ?? caller;
  if (owner !== caller && !(await isAdmin(context, caller))) throw forbidden(`Only an admin may activate a ${kind} for another account`);
  if (!(await findUser(context.account, owner))) throw notFound('User');
  const row = await context.account.db.selectFrom('peripherals').selectAll().where('kind', '=', kind).where('serial', '=', serial).executeTakeFirst();
  if (!row) throw notFound(label(kind));
  if (row.owner_id !== null && row.owner_id !== owner) throw conflict(`This ${kind} was activated by another account`);
  if (input.homeyId) await requireHomey(context.account, owner, input.homeyId);
  const now = context.account.iso();
  const changes = {
    owner_id: owner,
    hub_id: input.homeyId ?? (row.owner_id === owner ? row.hub_id : null),
    activated_at: row.owner_id === owner && row.activated_at ? row.activated_at : now,
    updated_at: now,
  };
  await context.account.db.updateTable('peripherals').set(changes).where('kind', '=', kind).where('serial', '=', serial).execute();
  return peripheralView({ ...row, ...changes });
}
