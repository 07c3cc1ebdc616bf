import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Guard, Session } from '../../http/api.js';
import { ApiError, forbidden } from '../../http/errors.js';

/**
 * The `secret` that hubs send to the cloud services they call (the reference rows' `secret` query argument): a hub
 * credential `<hubId>.<mac>`, the mac an HMAC-SHA256 of the hub id under the deployment's key. Any service holding
 * the key verifies it offline and learns which hub calls (the certificate service signs for that hub's name); the
 * key never leaves the deployment, and a hub's credential is worth nothing for another hub.
 */
export const HUB_ID = /^[0-9a-f]{24}$/;

const mac = (key: string, hubId: string) => createHmac('sha256', key).update(`hub-secret:${hubId}`).digest('base64url');

/** The credential of the hub `hubId` (issued to a hub when the deployment registers it; npm start gives the demo hub its own). */
export function hubSecret(key: string, hubId: string): string {
  if (!HUB_ID.test(hubId)) throw new Error(`Not a hub id: ${hubId}`);
  return `${hubId}.${mac(key, hubId)}`;
}

/** The hub a credential was issued to, or null for anything this deployment did not issue. */
export function hubOfSecret(key: string, secret: string): string | null {
  const dot = secret.indexOf('.');
  const hubId = secret.slice(0, dot);
  if (dot < 0 || !HUB_ID.test(hubId)) return null;
  const given = Buffer.from(secret.slice(dot + 1));
  const expected = Buffer.from(mac(key, hubId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? hubId : null;
}

/** The deployment's key in `dir` (hub-secret.key), made on first use: every service of one deployment reads the same. */
export function loadHubSecretKey(dir: string): string {
  const file = path.join(dir, 'hub-secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}

/** What a service holding the key puts in its handlers' state; without a key, no hub credential is valid (403). */
export interface HubSecretState {
  hubSecretKey?: string;
}

/**
 * The guard of an operation hubs call with their `secret` (before the input is read): 401 without one or with one
 * the deployment did not issue, 403 when the service has no key. `optional`: a call without a secret is admitted
 * (public data), but a secret that is sent must be valid.
 */
export function hubSecretGuard<Context extends { service: HubSecretState }>(optional = false): Guard<Context> {
  return (_path, context, query) => {
    const secret = query?.secret;
    if (secret === undefined && optional) return;
    if (typeof secret !== 'string' || !secret) throw new ApiError(401, 'unauthorized', 'Missing secret: send the hub credential as ?secret=');
    const key = context.service.hubSecretKey;
    if (!key) throw forbidden('This service issues no hub credentials: it has no hub secret key');
    if (!hubOfSecret(key, secret)) throw new ApiError(401, 'invalid_secret', 'The secret is not a hub credential of this deployment');
  };
}

/** A hub calling a cloud service with its credential as bearer token. */
export interface HubCaller extends Session {
  hubId: string;
}

/** A service's bearer-token check where the tokens are hubs' credentials (none verify without the deployment's key). */
export function hubCredentialVerifier(key: string | undefined): (token: string) => HubCaller | null {
  return (token) => {
    const hubId = key ? hubOfSecret(key, token) : null;
    return hubId ? { id: `hub:${hubId}`, scopes: [], hubId } : null;
  };
}
