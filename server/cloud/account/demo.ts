import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { newSecret } from './crypto.js';
import { ensureDemoExtras } from './demo-subscriptions.js';
import { createHomey, updateHomey, type HomeyFields } from './hubs.js';
import type { ClientRegistration } from './oauth/clients.js';
import type { Account } from './context.js';
import type { AccountService } from './service.js';
import { findUser, findUserByEmail } from './callers.js';
import { markVerified } from './email-verification.js';
import { createUser, setPassword, setRole, updateUser } from './users.js';

/** How to sign in as one of the demo's accounts, and which account that is. */
interface DemoUserSecrets {
  email: string;
  password: string;
  accountId?: string;
  /** The hash this start set, to notice a password changed through the API since. */
  passwordHash?: string;
}

/** The demo's secrets, made on first start and kept in the service's data folder so that every start prints the same. */
interface DemoSecrets extends DemoUserSecrets {
  clientSecret: string;
  /** The account with the role app_reviewer, that approves app submissions (a demo.json of before it has none yet). */
  reviewer?: DemoUserSecrets;
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
  /** An account with the role app_reviewer, to approve the apps the demo account submits to the store. */
  reviewer: { accountId: string; email: string; password: string };
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

const newPassword = () => randomBytes(12).toString('base64url');

function readSecrets(file: string): DemoSecrets & { reviewer: DemoUserSecrets } {
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoSecrets) : { email: 'demo@example.com', password: newPassword(), clientSecret: newSecret() };
  return { ...secrets, reviewer: secrets.reviewer ?? { email: 'reviewer@example.com', password: newPassword() } };
}

/**
 * One of the demo's accounts as its secrets say: created, or with the e-mail address and password set back when they
 * were changed through the API (`restored`), its address verified; the secrets come back with its id and hash.
 */
async function ensureDemoUser(account: Account, wanted: DemoUserSecrets, lastname: string) {
  let user = wanted;
  let row = user.accountId === undefined ? undefined : await findUser(account, user.accountId);
  let restored = false;
  if (!row) {
    // Someone may have signed up with the address already (a data folder of before the reviewer): take another, kept from then on.
    if (await findUserByEmail(account, user.email)) user = { ...user, email: user.email.replace('@', `-${randomBytes(3).toString('hex')}@`) };
    row = await createUser(account, { email: user.email, password: user.password, firstname: 'Demo', lastname });
  } else if (row.email !== user.email || row.password_hash !== user.passwordHash) {
    if (row.email !== user.email) row = await updateUser(account, row, { email: user.email });
    await setPassword(account, row.id, user.password);
    row = (await findUser(account, row.id))!;
    restored = true;
  }
  if (!row.email_verified) await markVerified(account, row.id);
  return { row, restored, saved: { ...user, accountId: row.id, passwordHash: row.password_hash } };
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
  const { reviewer: reviewerSecrets, ...ownerSecrets } = secrets;
  const { row, restored, saved: owner } = await ensureDemoUser(account, ownerSecrets, 'Owner');
  // The reviewer's password is set back silently: the line about a restored account speaks of the demo account.
  const reviewer = await ensureDemoUser(account, reviewerSecrets, 'Reviewer');
  await setRole(account, reviewer.row.id, 'app_reviewer', true);
  const saved: DemoSecrets = { ...owner, clientSecret: secrets.clientSecret, reviewer: reviewer.saved };
  if (JSON.stringify(saved) !== JSON.stringify(secrets)) writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });

  const clients: ClientRegistration[] = [
    { id: DEMO_CLIENT_ID, secret: secrets.clientSecret, name: 'Demo App', redirectUris: [options.redirectUri], grants: ['authorization_code', 'refresh_token', 'client_credentials', 'password'], scopes: ['account', 'homey'] },
    // The support form is the platform's own (no consent page); the Demo App plays a third party's app.
    { id: DEMO_PUBLIC_CLIENT_ID, name: 'Open Hub Support', redirectUris: [options.publicRedirectUri], grants: ['authorization_code', 'refresh_token'], scopes: ['account', 'homey'], trusted: true },
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
    email: owner.email,
    password: secrets.password,
    client: { id: DEMO_CLIENT_ID, secret: secrets.clientSecret, redirectUri: options.redirectUri },
    publicClient: { id: DEMO_PUBLIC_CLIENT_ID, redirectUri: options.publicRedirectUri },
    restored,
    reviewer: { accountId: reviewer.row.id, email: reviewer.saved.email, password: reviewer.saved.password },
  };
}
