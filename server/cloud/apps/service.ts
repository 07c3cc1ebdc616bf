import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import spec from '../../../generated/cloud/apps.openapi.json' with { type: 'json' };
import { APP_PACKAGE_LIMITS } from '../../common/app-package/limits.js';
import { systemClock, type Clock } from '../../http/clock.js';
import { resumeMailOutbox, sendMail } from '../../http/mail.js';
import { withBasePath } from '../../http/mount.js';
import { createServiceHttp, serve, withDatabase, withState, type ServiceHttp } from '../../http/service.js';
import type { Mailer } from '../account/context.js';
import type { Cluster } from '../cluster/cluster.js';
import { exclusively } from '../../common/service-database.js';
import { delegationTokenVerifier, type CloudSession } from '../callers/identity.js';
import { appsApi } from './api.js';
import { downloadArchiveRoute, uploadArchiveRoute } from './archives.js';
import { publishCatalogue } from './catalogue.js';
import type { AppsState } from './context.js';
import { openAppsDb, type AppsDb } from './db.js';
import { PackageChecks } from './package-checks.js';
import { PageViewCounter } from './pageviews.js';
import { announceIndexChanges, followIndexChanges } from './shared-index.js';
import { urlSigner } from './signed-urls.js';
import { StoreIndex } from './store-index.js';

/** Where the API answers, as seed 002 says of the apps service. */
export const APPS_BASE_PATH = '/api/v1';

/** A package's size at most, by default: what hubs install at most. */
export const DEFAULT_MAX_ARCHIVE_BYTES = APP_PACKAGE_LIMITS.packedBytes;

export interface AppsServiceConfig {
  /** Holds the SQLite file (without databaseUrl), the packages (archives/) and the URL signing key. */
  dataDir: string;
  /** postgres://... to keep the data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** The account service's public key (PEM) that verifies callers' delegation tokens (audience `apps`). */
  accountKey: string;
  /** The platform's shared secret of service-to-service calls (hubs installing, dashboards); none refuses them. */
  secret?: string;
  /** The service's base URL as callers reach it (`http://host:4861/apps/api/v1`); default: where it listens. */
  publicUrl?: string;
  /** Sends the developers' and invitees' mails; default: SMTP_URL, else .eml files in `<dataDir>/outbox`. */
  mailer?: Mailer;
  clock?: Clock;
  maxArchiveBytes?: number;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
  /** With several instances (REDIS_URL): each tells the others what changed in its store index (shared-index.ts). */
  cluster?: Cluster;
}

export interface AppsService extends ServiceHttp {
  db: AppsDb;
  state: AppsState;
}

/** Mails through the kernel's sendMail; what the outbox kept for the SMTP server before a restart is sent at once. */
function outboxMailer(dataDir: string, clock: Clock): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  resumeMailOutbox(outbox, clock);
  return async (mail) => void (await sendMail({ from: 'App store <no-reply@apps.localhost>', ...mail }, outbox, `${clock.now()}-${randomBytes(4).toString('hex')}`, clock));
}

/**
 * The cloud apps service, the app store: developers' apps, builds and packages, their review, the store front,
 * users' reviews and hubs' crash reports, organizations. Its API answers under /api/v1; the apps the platform
 * ships with are published on every start.
 */
export async function createAppsService(config: AppsServiceConfig): Promise<AppsService> {
  const archiveDir = path.join(config.dataDir, 'archives');
  mkdirSync(archiveDir, { recursive: true });
  const clock = config.clock ?? systemClock;
  const db = await openAppsDb(config);
  const state: AppsState = {
    db,
    clock,
    archiveDir,
    maxArchiveBytes: config.maxArchiveBytes ?? DEFAULT_MAX_ARCHIVE_BYTES,
    urls: urlSigner(config.dataDir, clock),
    publicUrl: config.publicUrl ?? '',
    secret: config.secret,
    mail: config.mailer ?? outboxMailer(config.dataDir, clock),
    index: new StoreIndex(db, config.cluster && announceIndexChanges(config.cluster)),
    packageChecks: new PackageChecks(),
    pageviews: new PageViewCounter(db, clock),
  };
  // Instances started at once on a new database would both publish the catalogue's builds: one at a time.
  await exclusively(db, 'apps', () => publishCatalogue(state));
  // Listening before loading: a change made meanwhile elsewhere is applied after the load, not lost.
  if (config.cluster) await followIndexChanges(config.cluster, state.index);
  await state.index.load();
  const http = createServiceHttp({
    ...config,
    contract: spec,
    api: appsApi,
    context: withState<AppsState, CloudSession>(state),
    verify: delegationTokenVerifier(config.accountKey, 'apps', clock),
    rawRoutes: [uploadArchiveRoute(state), downloadArchiveRoute(state)],
  });
  const served = serve(withBasePath(http.handler, APPS_BASE_PATH));
  // Pending page views are written before the database closes.
  const service = withDatabase(served, { destroy: async () => (await state.pageviews.close(), await db.destroy()) }, { db, state });
  return {
    ...service,
    async listen(port, host) {
      const url = await served.listen(port, host);
      state.publicUrl ||= `${url}${APPS_BASE_PATH}`;
      return url;
    },
  };
}
