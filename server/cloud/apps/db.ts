import { sql, type Kysely } from 'kysely';
import { databaseOpener, timestamps, type Migrations } from '../../common/service-database.js';

/**
 * The apps service's tables. Times are ISO text, lists and objects JSON text, flags 0/1: one set of queries for
 * SQLite and PostgreSQL. Every table but `apps` is named `app_...`: the cloud services may share one PostgreSQL
 * database, where the account service already has `users`.
 */
export interface AppsTables {
  apps: {
    id: string;
    author_id: string;
    author_name: string;
    author_verified: number;
    org_id: string | null;
    /** JSON list, from the newest valid build's app.json. */
    category: string;
    send_email_crash: number;
    send_email_suggestion: number;
    send_email_thanks: number;
    created_at: string;
  };
  app_builds: {
    app_id: string;
    /** Numbered per app from 1, in version order (each version is higher than the earlier ones). */
    id: number;
    version: string;
    state: string;
    channel: string | null;
    env: string;
    changelog: string;
    readme: string;
    /** The package's app.json (JSON), once its archive is valid. */
    manifest: string | null;
    /** The icon as a data URL. */
    icon: string | null;
    auto_release: number;
    submission_state: string | null;
    submitted_at: string | null;
    reviewed_at: string | null;
    reviewer_id: string | null;
    agent_review: string | null;
    /** When the build was first published on a channel. */
    published_at: string | null;
    created_at: string;
    updated_at: string;
  };
  app_archives: {
    id: string;
    app_id: string;
    build_id: number;
    state: string;
    error: string | null;
    manifest: string | null;
    assets_id: string | null;
    hash: string | null;
    size: number | null;
    created_at: string;
    updated_at: string;
  };
  app_submission_comments: {
    id: string;
    app_id: string;
    build_id: number;
    user_id: string;
    name: string;
    reviewer: number;
    text: string;
    created_at: string;
  };
  app_reviews: {
    app_id: string;
    user_id: string;
    name: string;
    version: string;
    rating: number;
    comment: string;
    response: string | null;
    response_at: string | null;
    created_at: string;
    updated_at: string;
  };
  app_thanks: { app_id: string; user_id: string; name: string; created_at: string };
  app_suggestions: { id: string; app_id: string; user_id: string; name: string; text: string; created_at: string };
  app_crashes: {
    id: string;
    app_id: string;
    build_id: number;
    app_version: string;
    homey_id: string;
    homey_version: string;
    homey_model_id: string | null;
    homey_model_name: string | null;
    stack: string;
    /** Who reported it (the hub's signed-in user), to whom a reply is mailed; never shown to developers. */
    user_id: string;
    user_email: string;
    /** The developer's reply (JSON), or null. */
    reply: string | null;
    created_at: string;
  };
  app_organizations: { id: string; name: string; created_at: string };
  app_organization_members: { org_id: string; user_id: string; name: string; role: string; created_at: string };
  app_organization_invites: { org_id: string; email_key: string; role: string; token_hash: string; expires_at: string; invited_by: string };
  /** The accounts that signed in to the store, as their last token said: names, addresses for mails. */
  app_people: { id: string; name: string; email: string; updated_at: string };
  /** Installs and page views per app, version and hour (epoch hours). */
  app_events: { app_id: string; kind: string; version: string; hour: number; count: number };
  /** What each hub last reported of an app's drivers (devices) and flow cards (runs, summed). */
  app_usage: { app_id: string; homey_id: string; kind: string; key: string; count: number; updated_at: string };
}

export type AppsDb = Kysely<AppsTables>;

const migrations = {
  '001-apps': {
    async up(db) {
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('author_verified', 'integer', (c) => c.notNull())
        .addColumn('live_build', 'text')
        .addColumn('test_build', 'text')
        .execute();
    },
  },
  // The whole store: builds become rows of their own (the live and test builds are found among them).
  '002-store': {
    async up(db) {
      await db.schema.alterTable('apps').dropColumn('live_build').execute();
      await db.schema.alterTable('apps').dropColumn('test_build').execute();
      const add = (column: string, type: 'text' | 'integer', value: string | number | null) =>
        db.schema
          .alterTable('apps')
          .addColumn(column, type, (c) => (value === null ? c : c.notNull().defaultTo(value)))
          .execute();
      await add('org_id', 'text', null);
      await add('category', 'text', '[]');
      await add('send_email_crash', 'integer', 1);
      await add('send_email_suggestion', 'integer', 1);
      await add('send_email_thanks', 'integer', 1);
      await add('created_at', 'text', '2026-01-01T00:00:00.000Z');
      await db.schema.createIndex('apps_by_author').on('apps').column('author_id').execute();
      await db.schema.createIndex('apps_by_org').on('apps').column('org_id').execute();

      await db.schema
        .createTable('app_builds')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('channel', 'text')
        .addColumn('env', 'text', (c) => c.notNull())
        .addColumn('changelog', 'text', (c) => c.notNull())
        .addColumn('readme', 'text', (c) => c.notNull())
        .addColumn('manifest', 'text')
        .addColumn('icon', 'text')
        .addColumn('auto_release', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('submission_state', 'text')
        .addColumn('submitted_at', 'text')
        .addColumn('reviewed_at', 'text')
        .addColumn('reviewer_id', 'text')
        .addColumn('agent_review', 'text')
        .addColumn('published_at', 'text')
        .$call(timestamps)
        .addPrimaryKeyConstraint('app_builds_pk', ['app_id', 'id'])
        .addUniqueConstraint('app_builds_version', ['app_id', 'version'])
        .execute();
      await db.schema.createIndex('app_builds_in_review').on('app_builds').columns(['submission_state', 'submitted_at']).execute();

      await db.schema
        .createTable('app_archives')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('build_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('manifest', 'text')
        .addColumn('assets_id', 'text')
        .addColumn('hash', 'text')
        .addColumn('size', 'bigint')
        .$call(timestamps)
        .execute();
      await db.schema.createIndex('app_archives_by_build').on('app_archives').columns(['app_id', 'build_id']).execute();

      await db.schema
        .createTable('app_submission_comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('build_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('reviewer', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_comments_by_build').on('app_submission_comments').columns(['app_id', 'build_id', 'created_at']).execute();

      await db.schema
        .createTable('app_reviews')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('response_at', 'text')
        .$call(timestamps)
        .addPrimaryKeyConstraint('app_reviews_pk', ['app_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('app_thanks')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_thanks_pk', ['app_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('app_suggestions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_suggestions_by_app').on('app_suggestions').columns(['app_id', 'created_at']).execute();

      await db.schema
        .createTable('app_crashes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('build_id', 'integer', (c) => c.notNull())
        .addColumn('app_version', 'text', (c) => c.notNull())
        .addColumn('homey_id', 'text', (c) => c.notNull())
        .addColumn('homey_version', 'text', (c) => c.notNull())
        .addColumn('homey_model_id', 'text')
        .addColumn('homey_model_name', 'text')
        .addColumn('stack', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('user_email', 'text', (c) => c.notNull())
        .addColumn('reply', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_crashes_by_build').on('app_crashes').columns(['app_id', 'build_id', 'created_at']).execute();

      await db.schema
        .createTable('app_organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('app_organization_members')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_organization_members_pk', ['org_id', 'user_id'])
        .execute();
      await db.schema.createIndex('app_members_by_user').on('app_organization_members').column('user_id').execute();
      await db.schema
        .createTable('app_organization_invites')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_organization_invites_pk', ['org_id', 'email_key'])
        .execute();

      await db.schema
        .createTable('app_people')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_events')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_events_pk', ['app_id', 'kind', 'version', 'hour'])
        .execute();
      await db.schema
        .createTable('app_usage')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('homey_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_usage_pk', ['app_id', 'homey_id', 'kind', 'key'])
        .execute();
    },
  },
} satisfies Migrations;

export const openAppsDb = databaseOpener<AppsTables>({ name: 'apps', migrations });

/** `count + 1` (or + n) of a table's counter column, for upserts that add to what is there. */
export const increment = (table: 'app_events' | 'app_usage', n = 1) => sql<number>`${sql.ref(`${table}.count`)} + ${n}`;
