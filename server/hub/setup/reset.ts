import { badRequest, conflict } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import type { DemoHomeHub } from '../demo/home.js';
import { erase } from '../system/factory-reset.js';
import { verifyCloudToken, type CloudClaims } from '../users/cloud-token.js';
import { findByAthomId, newUser, ownerOf } from '../users/users.js';

/** Where the extra properties of the last `setup.reset` are kept, for the hub's software that reads them. */
export const EXTRA_PROPERTIES = 'setup.extraProperties';
const MAX_NAME = 60;

export interface ResetArgs {
  factoryreset?: boolean;
  name?: string;
  token?: string;
  extraProperties?: Record<string, unknown>;
}

/** What the hub answers a reset: its name, its owner's cloud account and the extra properties now in force. */
export interface ResetDone {
  factoryreset: boolean;
  name: string;
  owner: string | null;
  extraProperties: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function checked(args: Record<string, unknown>): ResetArgs & { name?: string } {
  const { factoryreset, name, token, extraProperties, ...rest } = args;
  const unknown = Object.keys(rest);
  if (unknown.length) throw badRequest(`setup.reset takes factoryreset, name, token and extraProperties, not ${unknown.join(', ')}`);
  if (factoryreset !== undefined && typeof factoryreset !== 'boolean') throw badRequest('factoryreset must be true or false');
  if (name !== undefined && (typeof name !== 'string' || !name.trim() || name.trim().length > MAX_NAME)) throw badRequest(`name must be 1 to ${MAX_NAME} characters`);
  if (token !== undefined && typeof token !== 'string') throw badRequest('token must be a delegation token');
  if (extraProperties !== undefined && !isPlainObject(extraProperties)) throw badRequest('extraProperties must be an object');
  return { factoryreset, name: name?.trim(), token, extraProperties };
}

/** The person a delegation token is for, by the profile it carries (its `name` is the client's, not the person's). */
function personOf(claims: CloudClaims): string | undefined {
  const name = [claims.given_name, claims.family_name].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  return name.trim().slice(0, MAX_NAME) || undefined;
}

/** The owner becomes the hub user of this cloud account: the one there is, or a new one on a hub without. */
function adoptOwner(hub: HubCore, athomId: string, name: string | undefined): void {
  const owner = ownerOf(hub);
  const known = findByAthomId(hub, athomId);
  if (known && known.id !== owner?.id) throw conflict('This cloud account is already another user of this hub');
  if (owner) hub.store.save('user', { ...owner, athomId, verified: true });
  else hub.store.insert('user', newUser({ role: 'manager', isOwner: true, athomId, verified: true, name: name ?? 'Owner' }));
}

/**
 * `setup.reset`, which the hub's setup process carries out itself: with `factoryreset` it forgets everything first
 * (as the system manager's factory reset), then takes `name`, makes the cloud account of the delegation `token` its
 * owner and keeps `extraProperties`. Everything is checked (the token verified) before anything is erased.
 */
export async function setupReset(hub: DemoHomeHub, args: Record<string, unknown>): Promise<ResetDone> {
  const input = checked(args);
  const claims = input.token === undefined ? undefined : await verifyCloudToken(hub, input.token, [hub.id, 'homey']);
  if (input.factoryreset) erase(hub);
  hub.store.transaction(() => {
    if (input.name !== undefined) hub.system.name = input.name;
    if (claims) adoptOwner(hub, claims.sub, personOf(claims));
    if (input.extraProperties !== undefined) hub.settings.set(EXTRA_PROPERTIES, input.extraProperties);
  });
  return {
    factoryreset: input.factoryreset ?? false,
    name: hub.system.name,
    owner: ownerOf(hub)?.athomId ?? null,
    extraProperties: hub.settings.get<Record<string, unknown>>(EXTRA_PROPERTIES) ?? {},
  };
}
