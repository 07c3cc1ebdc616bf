import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import request from 'supertest';
import type { HubConfig } from '../core/context.js';
import { createHub, type RunningHub } from '../core/hub.js';
import { demoToken } from '../demo/home.js';
import type { Role } from '../access/roles.js';
import { newUser } from '../users/users.js';

export interface TestHub extends RunningHub {
  url: string;
  dataDir: string;
  /** The demo owner's personal access token, with every scope. */
  token: string;
  /** A new personal access token with these scopes, for a new user of this role (default manager). */
  tokenWith(scopes: string[], role?: Role): string;
  /** A new user of this role (with a token of these scopes, default every scope): its id, token and auth header. */
  member(role: Role, scopes?: string[]): { id: string; token: string; auth: ReturnType<typeof bearer> };
  /**
   * A JWT as the cloud account service signs them (delegation and installer tokens), with the test key pair whose
   * public key the hub is configured with. Defaults: audience this hub, expiry in one hour.
   */
  cloudToken(claims: { sub: string } & Record<string, unknown>, options?: { audience?: string; expiresIn?: string | number }): Promise<string>;
  /** supertest against the running hub, over real HTTP. */
  http(): ReturnType<typeof request>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * A real hub on port 0 in a fresh data folder, seeded with the demo home and validating every response against
 * the contract. Pass `dataDir` to restart on an earlier hub's data. The demo home's apps are left out (their
 * workers are the dearest part of a hub's start): a file that uses them passes `demoApps: true`.
 */
export async function startTestHub(overrides: Partial<HubConfig> = {}): Promise<TestHub> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'hub-test-'));
  const cloudKeys = await generateKeyPair('ES256', { extractable: true });
  const cloudPublicKey = await exportSPKI(cloudKeys.publicKey);
  const running = createHub({ demoHome: true, demoApps: false, validateResponses: true, development: true, cloudPublicKey, ...overrides, dataDir });
  const url = await running.listen(0);
  const { hub } = running;
  const tokenWith = (scopes: string[], role: Role = 'manager') => {
    const user = newUser({ name: `Test ${role}`, athomId: randomUUID(), verified: true, role });
    hub.store.insert('user', user);
    return hub.sessions.create({ type: 'PAT', userId: user.id, scopes, clientName: 'Test', name: 'Test token' }).token;
  };
  return {
    ...running,
    url,
    dataDir,
    token: demoToken(hub)!,
    tokenWith,
    member(role, scopes = ['homey']) {
      const token = tokenWith(scopes, role);
      return { id: hub.sessions.authenticate(token)!.user.id, token, auth: bearer(token) };
    },
    cloudToken: (claims, { audience = hub.id, expiresIn = '1h' } = {}) => signCloudToken(cloudKeys.privateKey, claims, audience, expiresIn),
    http: () => request(url),
    async stop({ keepData = false } = {}) {
      await running.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Authorization header of a request with this bearer token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Signs claims as the cloud account service would, with any ES256 key (tests of forged tokens pass their own). */
export function signCloudToken(key: CryptoKey, claims: Record<string, unknown>, audience: string, expiresIn: string | number): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).setAudience(audience).setIssuedAt().setExpirationTime(expiresIn).sign(key);
}
