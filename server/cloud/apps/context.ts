import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../../http/clock.js';
import { ApiError } from '../../http/errors.js';
import type { ServiceContext } from '../../http/service.js';
import type { Mailer } from '../account/context.js';
import type { CloudSession } from '../callers/identity.js';
import type { AppsDb } from './db.js';
import type { PackageChecks } from './package-checks.js';
import type { PageViewCounter } from './pageviews.js';
import type { StoreIndex } from './store-index.js';
import type { UrlSigner } from './signed-urls.js';

/** What every handler of the apps service reaches. */
export interface AppsState {
  db: AppsDb;
  clock: Clock;
  /** Where packages are kept: `<archiveId>.tar.gz`. */
  archiveDir: string;
  /** A package's size at most (bytes). */
  maxArchiveBytes: number;
  urls: UrlSigner;
  /** The service's base URL as callers reach it (with /api/v1), for the signed URLs it hands out. */
  publicUrl: string;
  /** The platform's shared secret of service-to-service calls; without one they are refused. */
  secret: string | undefined;
  mail: Mailer;
  /** The published apps in memory, for the store front's searches. */
  index: StoreIndex;
  /** Package checks under way, bounded per user and in all. */
  packageChecks: PackageChecks;
  /** App page views, buffered and written in batches. */
  pageviews: PageViewCounter;
}

export type AppsContext = ServiceContext<AppsState, CloudSession>;

/** ISO time on the service's clock, `offsetMs` from now. */
export const isoNow = (state: Pick<AppsState, 'clock'>, offsetMs = 0) => new Date(state.clock.now() + offsetMs).toISOString();

/** A day's cap on what one caller may post to an app (crash reports per hub, suggestions per user): 429 past `limit`. */
export async function capPerDay(
  state: AppsState,
  table: 'app_crashes' | 'app_suggestions',
  appId: string,
  who: { column: 'homey_id' | 'user_id'; value: string },
  limit: number,
  message: string,
): Promise<void> {
  const today = await state.db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('app_id', '=', appId)
    .where(who.column, '=', who.value)
    .where('created_at', '>', isoNow(state, -24 * 60 * 60 * 1000))
    .executeTakeFirstOrThrow();
  if (Number(today.n) >= limit) throw new ApiError(429, 'too_many_requests', message);
}

/** A new id of 24 hexadecimal characters, as accounts have. */
export const newId = () => randomBytes(12).toString('hex');

/** JSON text of a column, read back. */
export const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
