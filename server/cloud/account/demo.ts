import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { newSecret } from './crypto.js';
import { ensureDemoExtras } from './demo-subscriptions.js';
import { createHomey, updateHomey, type HomeyFields } from './hubs.js';
import type { ClientRegistration } from './oauth/clients.js';
import type { AccountService } from './service.js';
import { findUser } from './callers.js';
import { markVerified } from './email-verification.js';
import { createUser, setPassword, updateUser } from './users.js';

/** The demo's secrets, made on first start and kept in the service's data folder so that every start prints the same. */
interface DemoSecrets {
  email: string;
  password: string;
  clientSecret: string;
  accountId?: string;
  /** The hash this start set, to notice a password changed through the API since. */
  passwordHash?: string;
}

export const DEMO_CLIENT_ID = 'demo-app';
export const DEMO_PUBLIC_CLIENT_ID = 'demo-browser-app';

export interface DemoOptions {
  /** Where the confidential client (a server-side app) is sent back to. */
  redirectUri: string;
  /** Where the public client (a browser app: the support form) is sent back to. */
  publicRedirectUri: string;
  /** The hub the demo account owns, as its record should read now: an address it leaves out is one it no longer has. */
  hub: HomeyFields & { _id: string };
}

export interface Demo {
  accountId: string;
  email: string;
  password: string;
  client: { id: string; secret: string; redirectUri: string };
  publicClient: { id: string; redirectUri: string };
  /** The account's e-mail address or password had been changed through the API and was set back to the demo's. */
  restored: boolean;
}

/**
 * The addresses a start gives its hub: each one this start leaves out is cleared (an update keeps what it does not
 * name), so that a record never sends clients to an address of an earlier start (HTTPS then, none now).
 */
const NO_ADDRESSES: Pick<HomeyFields, 'localUrl' | 'localUrlSecure' | 'remoteUrl' | 'remoteUrlForwarded' | 'mdnsFqdn'> = {
  localUrl: undefined,
  localUrlSecure: undefined,
  remoteUrl: undefined,
  remoteUrlForwarded: undefined,
  mdnsFqdn: undefined,
};

function readSecrets(file: string): DemoSecrets {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoSecrets;
  return { email: 'demo@example.com', password: randomBytes(12).toString('base64url'), clientSecret: newSecret() };
}

/**
 * How to sign in as the demo account of the cloud data in `dataDir` (its password and the confidential client's
 * secret, as npm start printed them), for tools beside npm start (`npm run demo:setup`); undefined before a first start.
 */
export function demoSignIn(dataDir: string): { email: string; password: string; clientId: string; clientSecret: string } | undefined {
  const file = path.join(dataDir, 'demo.json');
  if (!existsSync(file)) return undefined;
  const { email, password, clientSecret } = readSecrets(file);
  return { email, password, clientId: DEMO_CLIENT_ID, clientSecret };
}

/**
 * The demo of `npm start`: an account that owns the demo hub's record (created, or brought up to date with the
 * hub's address, name and version), a confidential client with every grant and a public client that uses PKCE.
 */
export async function ensureDemo(service: AccountService, dataDir: string, options: DemoOptions): Promise<Demo> {
  const { account } = service;
  const file = path.join(dataDir, 'demo.json');
  const secrets = readSecrets(file);
  let row = secrets.accountId === undefined ? undefined : await findUser(account, secrets.accountId);
  let restored = false;
  if (!row) {
    row = await createUser(account, { email: secrets.email, password: secrets.password, firstname: 'Demo', lastname: 'Owner' });
  } else if (row.email !== secrets.email || row.password_hash !== secrets.passwordHash) {
    if (row.email !== secrets.email) row = await updateUser(account, row, { email: secrets.email });
    await setPassword(account, row.id, secrets.password);
    row = (await findUser(account, row.id))!;
    restored = true;
  }
  if (!row.email_verified) await markVerified(account, row.id);
  const saved: DemoSecrets = { ...secrets, accountId: row.id, passwordHash: row.password_hash };
  if (JSON.stringify(saved) !== JSON.stringify(secrets)) writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });

  const clients: ClientRegistration[] = [
    { id: DEMO_CLIENT_ID, secret: secrets.clientSecret, name: 'Demo App', redirectUris: [options.redirectUri], grants: ['authorization_code', 'refresh_token', 'client_credentials', 'password'], scopes: ['account', 'homey'] },
    { id: DEMO_PUBLIC_CLIENT_ID, name: 'Open Hub Support', redirectUris: [options.publicRedirectUri], grants: ['authorization_code', 'refresh_token'], scopes: ['account', 'homey'] },
  ];
  for (const client of clients) await service.registerClient(client);

  const { _id, ...fields } = options.hub;
  const record = await account.db.selectFrom('hubs').select('owner_id').where('id', '=', _id).executeTakeFirst();
  if (!record) await createHomey(account, row.id, options.hub, true);
  // A record another account took over (through the API) is theirs: left as it is.
  else if (record.owner_id === row.id) await updateHomey(account, row.id, _id, { ...NO_ADDRESSES, ...fields });
  await ensureDemoExtras(account, row.id, _id);

  return {
    accountId: row.id,
    email: secrets.email,
    password: secrets.password,
    client: { id: DEMO_CLIENT_ID, secret: secrets.clientSecret, redirectUri: options.redirectUri },
    publicClient: { id: DEMO_PUBLIC_CLIENT_ID, redirectUri: options.publicRedirectUri },
    restored,
  };
}
