import type { RequestListener } from 'node:http';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import spec from '../../../generated/cloud/account.openapi.json' with { type: 'json' };
import { systemClock, type Clock } from '../../http/clock.js';
import { log } from '../../http/log.js';
import { resumeMailOutbox, sendMail, verifyMailServer } from '../../http/mail.js';
import { createServiceHttp, type ServiceHttp } from '../../http/service.js';
import { LoginThrottle, type LimiterStore } from '../../http/throttle.js';
import { subscriptionDb } from './subscriptions.js';
import { accountApi } from './api.js';
import { uploadAvatar } from './avatar.js';
import type { Account, AccountContext, Mailer } from './context.js';
import { DEFAULT_PASSWORD_COST, Passwords, type PasswordCost } from './crypto.js';
import { openAccountDb } from './db.js';
import { loadDelegationKeys } from './delegation.js';
import { accountLimits, type LimitSettings } from './limits.js';
import { authoriseConsent, authorisePage, authoriseSignIn } from './oauth/authorise.js';
import { registerClient, type ClientRegistration } from './oauth/clients.js';
import { tokenEndpoint, type ExtensionGrant } from './oauth/token-endpoint.js';
import { authenticateAccess } from './oauth/tokens.js';
import { schedulePurge } from './purge.js';
import { regionRoutes, type RegionConfig } from './region.js';
import { setRole } from './users.js';

export interface AccountServiceConfig extends RegionConfig {
  /** Holds the SQLite file (without databaseUrl) and the delegation key pair. */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** OAuth2 clients registered (or updated) at start. */
  clients?: ClientRegistration[];
  /** Extension grants by their grant_type URI (RFC 6749 §4.5), for clients registered with that grant. */
  extensionGrants?: Record<string, ExtensionGrant>;
  clock?: Clock;
  /** Sends the service's mails; default: through SMTP_URL (from a queue in `<dataDir>/outbox`, with retries), else as .eml files in `<dataDir>/outbox` (sendMail). */
  mailer?: Mailer;
  passwordCost?: PasswordCost;
  /** Calls per key and window beyond which the service answers 429; default DEFAULT_LIMITS (limits.ts). */
  limits?: Partial<LimitSettings>;
  /** Where throttles and limits keep their counts: memory by default; a RateLimiterRedis store shares them between instances. */
  limiterStore?: LimiterStore;
  /** The service's URL as users reach it, for links in mails. Default http://127.0.0.1:4861. */
  publicUrl?: string;
  /** Host names besides this machine's that the service answers to. */
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
  /** Other cloud services answering on this service's port under a base path (`/store`): see withMounts. */
  mounts?: ReadonlyMap<string, RequestListener>;
}

export interface AccountService extends ServiceHttp {
  account: Account;
  registerClient(client: ClientRegistration): Promise<void>;
  /** Gives an account a role (`admin`, `app_reviewer` ...) in the process: for tests and embedders (admins use grantRole, operators npm run admin). */
  addRole(userId: string, role: string): Promise<void>;
}

/**
 * Mails through the kernel's sendMail, from the no-reply address of the service's host. With SMTP_URL it checks the
 * server at once (a warning line when it cannot be reached) and sends what the outbox kept from before a restart.
 */
function outboxMailer(dataDir: string, publicUrl: string, clock: Clock): Mailer {
  const from = `Homey <no-reply@${new URL(publicUrl).hostname}>`;
  const outbox = path.join(dataDir, 'outbox');
  void verifyMailServer();
  resumeMailOutbox(outbox, clock);
  return async (mail) => void (await sendMail({ from, ...mail }, outbox, `${clock.now()}-${randomBytes(4).toString('hex')}`, clock));
}

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:4861';

/** Builds the cloud account service on its database, served through the same HTTP kernel as the hub. */
export async function createAccountService(config: AccountServiceConfig): Promise<AccountService> {
  mkdirSync(config.dataDir, { recursive: true });
  const clock = config.clock ?? systemClock;
  const db = await openAccountDb(config);
  const account: Account = {
    db,
    subscriptions: subscriptionDb(db),
    clock,
    now: () => clock.now(),
    iso: (offsetMs = 0) => new Date(clock.now() + offsetMs).toISOString(),
    throttle: new LoginThrottle(config.limiterStore),
    limits: accountLimits(config.limits, config.limiterStore),
    keys: await loadDelegationKeys(config.dataDir),
    mail: config.mailer ?? outboxMailer(config.dataDir, config.publicUrl ?? DEFAULT_PUBLIC_URL, clock),
    passwords: new Passwords(config.passwordCost ?? DEFAULT_PASSWORD_COST),
    publicUrl: config.publicUrl ?? DEFAULT_PUBLIC_URL,
  };
  for (const client of config.clients ?? []) await registerClient(account, client);
  const stopPurge = schedulePurge(account, (error) => log.error({ err: error }, 'Purging expired account data failed'));

  const http = createServiceHttp<AccountContext>({
    api: accountApi,
    contract: spec,
    context: ({ session, remoteAddress }) => ({ session: session as AccountContext['session'], remoteAddress, account }),
    verify: (token) => authenticateAccess(account, token),
    hostNames: config.hostNames,
    validateResponses: config.validateResponses,
    development: config.development,
    rawRoutes: [
      tokenEndpoint(account, new Map(Object.entries(config.extensionGrants ?? {}))),
      authorisePage(account),
      authoriseSignIn(account),
      authoriseConsent(account),
      authoriseConsent(account),
      uploadAvatar(account),
      ...regionRoutes(config, db, clock),
    ],
    mounts: config.mounts,
  });
  return {
    ...http,
    account,
    registerClient: (client) => registerClient(account, client),
    addRole: async (userId, role) => void (await setRole(account, userId, role, true)),
    async close() {
      await stopPurge();
      await http.close();
      await db.destroy();
    },
  };
}
