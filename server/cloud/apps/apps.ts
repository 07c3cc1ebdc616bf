import type { components } from '../../../generated/cloud/apps.js';
import { notFound } from '../../http/errors.js';
import type { AppsDb } from './db.js';

export type App = components['schemas']['App'];
export type AppBuild = components['schemas']['AppBuild'];

/** An app of the store, or a 404. */
export async function requireApp(db: AppsDb, id: string): Promise<App> {
  const row = await db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('App');
  return {
    id: row.id,
    author: { userId: row.author_id, name: row.author_name, verified: Boolean(row.author_verified) },
    liveBuild: row.live_build === null ? null : (JSON.parse(row.live_build) as AppBuild),
    testBuild: row.test_build === null ? null : (JSON.parse(row.test_build) as AppBuild),
  };
}

/** Publishes an app (or its new builds): the record is replaced whole. */
export async function publishApp(db: AppsDb, app: App): Promise<void> {
  const values = {
    author_id: app.author.userId,
    author_name: app.author.name,
    author_verified: app.author.verified ? 1 : 0,
    live_build: app.liveBuild && JSON.stringify(app.liveBuild),
    test_build: app.testBuild && JSON.stringify(app.testBuild),
  };
  await db
    .insertInto('apps')
    .values({ id: app.id, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}
