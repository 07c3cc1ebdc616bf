import type { SignedIn } from '../../http/api.js';
import { sql } from 'kysely';
import type { components } from '../../../generated/cloud/apps.js';
import { forbidden, notFound, preconditionFailed } from '../../http/errors.js';
import { caller, developsApp, requireAppRow } from './access.js';
import { capPerDay, isoNow, newId, type AppsContext, type AppsState } from './context.js';
import { mailDevelopers, rememberCaller } from './people.js';

type Schemas = components['schemas'];
type ReviewRow = { user_id: string; name: string; version: string; rating: number; comment: string; response: string | null; response_at: string | null; created_at: string; updated_at: string };

const reviewView = (row: ReviewRow): Schemas['Review'] => ({
  userId: row.user_id,
  name: row.name,
  version: row.version,
  rating: Number(row.rating),
  comment: row.comment,
  response: row.response === null ? null : { text: row.response, createdAt: row.response_at! },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function reviews(state: AppsState, appId: string, page: { offset?: number; limit?: number }): Promise<Schemas['Review'][]> {
  await requireAppRow(state, appId);
  const rows = await state.db.selectFrom('app_reviews').selectAll().where('app_id', '=', appId).orderBy('updated_at', 'desc').orderBy('user_id').offset(page.offset ?? 0).limit(page.limit ?? 50).execute();
  return rows.map(reviewView);
}

async function requireReview(state: AppsState, appId: string, userId: string) {
  const row = await state.db.selectFrom('app_reviews').selectAll().where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Review');
  return row;
}

/** The caller's one review of a published app, written or replaced (a developer's response stays). */
/** One review per user per app, replaced when written again; `firstOnly` (If-None-Match: *) refuses a second one. */
export async function writeReview(
  context: SignedIn<AppsContext>,
  appId: string,
  input: { version?: string; rating: number; comment?: string },
  firstOnly = false,
): Promise<Schemas['Review']> {
  const state = context.service;
  const session = caller(context);
  const app = await requireAppRow(state, appId);
  if (await developsApp(state, app, session.userId)) throw forbidden("An app's developers do not review their own app");
  const published = await state.db.selectFrom('app_builds').select('version').where('app_id', '=', appId).where('channel', '=', 'stable').orderBy('id', 'desc').execute();
  if (!published.length) throw notFound('Published app');
  const version = input.version ?? published[0]!.version;
  if (!published.some((b) => b.version === version)) throw notFound(`Published version ${version}`);
  await rememberCaller(state, session);
  const now = isoNow(state);
  const values = { name: session.name, version, rating: input.rating, comment: input.comment ?? '', updated_at: now };
  const written = await state.db
    .insertInto('app_reviews')
    .values({ app_id: appId, user_id: session.userId, ...values, response: null, response_at: null, created_at: now })
    .onConflict((c) => (firstOnly ? c.columns(['app_id', 'user_id']).doNothing() : c.columns(['app_id', 'user_id']).doUpdateSet(values)))
    .executeTakeFirst();
  if (firstOnly && Number(written.numInsertedOrUpdatedRows ?? 0n) === 0) throw preconditionFailed('You have already reviewed this app');
  await state.index.refresh(appId);
  return reviewView(await requireReview(state, appId, session.userId));
}

export async function deleteReview(context: SignedIn<AppsContext>, appId: string): Promise<void> {
  const state = context.service;
  await requireReview(state, appId, caller(context).userId);
  await state.db.deleteFrom('app_reviews').where('app_id', '=', appId).where('user_id', '=', caller(context).userId).execute();
  await state.index.refresh(appId);
}

export async function deleteAllReviews(state: AppsState, appId: string): Promise<void> {
  await state.db.deleteFrom('app_reviews').where('app_id', '=', appId).execute();
  await state.index.refresh(appId);
}

export async function reviewStats(state: AppsState, appId: string): Promise<Schemas['ReviewStats']> {
  await requireAppRow(state, appId);
  const rows = await state.db.selectFrom('app_reviews').select(['rating', sql<number>`count(*)`.as('n')]).where('app_id', '=', appId).groupBy('rating').execute();
  const ratings = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let sum = 0;
  for (const row of rows) {
    const key = String(row.rating) as keyof typeof ratings;
    ratings[key] = Number(row.n);
    count += Number(row.n);
    sum += Number(row.rating) * Number(row.n);
  }
  return { count, average: count ? Math.round((sum / count) * 10) / 10 : null, ratings };
}

export async function respond(state: AppsState, appId: string, userId: string, response: string | null): Promise<Schemas['Review']> {
  await requireReview(state, appId, userId);
  await state.db
    .updateTable('app_reviews')
    .set({ response, response_at: response === null ? null : isoNow(state) })
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .execute();
  return reviewView(await requireReview(state, appId, userId));
}

export async function thanks(state: AppsState, appId: string): Promise<Schemas['Thanks']> {
  const rows = await state.db.selectFrom('app_thanks').selectAll().where('app_id', '=', appId).orderBy('created_at', 'desc').orderBy('user_id').execute();
  return { count: rows.length, thanks: rows.slice(0, 100).map((row) => ({ userId: row.user_id, name: row.name, createdAt: row.created_at })) };
}

/** The caller's thanks, once per app; the developers are mailed when their settings say so. */
export async function sayThanks(context: SignedIn<AppsContext>, appId: string): Promise<{ count: number }> {
  const state = context.service;
  const session = caller(context);
  const app = await requireAppRow(state, appId);
  const result = await state.db
    .insertInto('app_thanks')
    .values({ app_id: appId, user_id: session.userId, name: session.name, created_at: isoNow(state) })
    .onConflict((c) => c.columns(['app_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0 && app.send_email_thanks) await mailDevelopers(state, app, 'someone says thanks', `${session.name} thanks you for ${appId}.`);
  return { count: (await thanks(state, appId)).count };
}

const SUGGESTIONS_PER_DAY = 10;

export async function suggestions(state: AppsState, appId: string, page: { offset?: number; length?: number }): Promise<Schemas['Suggestion'][]> {
  const rows = await state.db.selectFrom('app_suggestions').selectAll().where('app_id', '=', appId).orderBy('created_at', 'desc').orderBy('id').offset(page.offset ?? 0).limit(page.length ?? 50).execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.name, text: row.text, createdAt: row.created_at }));
}

export async function suggest(context: SignedIn<AppsContext>, appId: string, text: string): Promise<Schemas['Suggestion']> {
  const state = context.service;
  const session = caller(context);
  const app = await requireAppRow(state, appId);
  await capPerDay(state, 'app_suggestions', appId, { column: 'user_id', value: session.userId }, SUGGESTIONS_PER_DAY, `At most ${SUGGESTIONS_PER_DAY} suggestions per app a day`);
  const row = { id: newId(), app_id: appId, user_id: session.userId, name: session.name, text, created_at: isoNow(state) };
  await state.db.insertInto('app_suggestions').values(row).execute();
  if (app.send_email_suggestion) await mailDevelopers(state, app, 'a suggestion', `${session.name} suggests:\n\n${text}`);
  return { id: row.id, userId: row.user_id, name: row.name, text: row.text, createdAt: row.created_at };
}
