import { mkdirSync } from 'node:fs';
import path from 'node:path';
import spec from '../../generated/support.openapi.json' with { type: 'json' };
import { delegationTokenVerifier } from '../cloud/callers/identity.js';
import { createServiceHttp, withDatabase, withState, type ServiceHttp } from '../http/service.js';
import { systemClock, type Clock } from '../http/clock.js';
import { supportApi, type FormServices } from './api.js';
import { storeKnowledgeBase } from './articles.js';
import type { Support } from './context.js';
import { openSupportDb } from './db.js';
import { formFiles, helpCentreRoutes } from './help-centre.js';
import { ticketThrottle } from './ticket-throttle.js';
import { purgeStaleUploads, uploadRoute } from './uploads.js';
import { resumeMailOutbox } from '../http/mail.js';

export interface SupportServiceConfig {
  /** Its SQLite file and uploads/. */
  dataDir: string;
  /** Where confirmation e-mails go as .eml files when no SMTP_URL is set. Default: outbox/ in dataDir. */
  outboxDir?: string;
  /** The services the form calls. */
  services: FormServices;
  /** The account service's public key (PEM, `GET /delegation/key`) that verifies callers' delegation tokens (audience `support`) offline. */
  accountKey: string;
  /** The built form (form/dist), served beside the API; none in tests. */
  formDir?: string;
  /** The form host's URL as users reach it, for article links. Default http://127.0.0.1:4860. */
  publicUrl?: string;
  clock?: Clock;
  hostNames?: string[];
  validateResponses?: boolean;
  development?: boolean;
}

export interface SupportService extends ServiceHttp {
  support: Support;
}

/**
 * The support form's host: the form, its help-centre pages and its back end (/api/zendesk/...: articles,
 * attachments, tickets confirmed by e-mail). The help centre is stored in its database on every start.
 */
export async function createSupportService(config: SupportServiceConfig): Promise<SupportService> {
  const clock = config.clock ?? systemClock;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const db = await openSupportDb(config.dataDir);
  const support: Support = {
    db,
    clock,
    iso: (offsetMs = 0) => new Date(clock.now() + offsetMs).toISOString(),
    uploadsDir,
    outboxDir: config.outboxDir ?? path.join(config.dataDir, 'outbox'),
    publicUrl: config.publicUrl ?? 'http://127.0.0.1:4860',
    ticketThrottle: ticketThrottle(),
  };
  resumeMailOutbox(support.outboxDir, clock);
  await storeKnowledgeBase(db);
  await purgeStaleUploads(support);
  const http = createServiceHttp({
    ...config,
    contract: spec,
    api: supportApi(config.services),
    context: withState(support),
    verify: delegationTokenVerifier(config.accountKey, 'support'),
    fallback: formFiles(config.formDir),
    rawRoutes: [uploadRoute(support), ...helpCentreRoutes(db)],
  });
  return withDatabase(http, db, { support });
}
