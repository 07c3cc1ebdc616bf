/**
 * The order of a user's hubs (`homeys` of /user/me): the order they were added to the account, kept as a per-user
 * counter on hub_users. Clients take the first hub as the user's hub (homey-api's getFirstHomey()), so adding one
 * must not change which one that is.
 */
import { sql, type Kysely, type Migration } from 'kysely';

/** The next place in a user's list of hubs (the hub added last comes last), counted in the insert itself. */
export const hubOrderFor = (userId: string) => sql<number>`(select coalesce(max(added_order), 0) + 1 from hub_users where user_id = ${userId})`;

/** A user's hubs keep the order they were added in: a per-user counter, the hubs already there numbered by age. */
export const hubOrderMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('hub_users').addColumn('added_order', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    const rows = await db
      .selectFrom('hub_users')
      .innerJoin('hubs', 'hubs.id', 'hub_users.hub_id')
      .select(['hub_users.hub_id', 'hub_users.user_id'])
      .orderBy('hub_users.user_id')
      .orderBy('hubs.created_at')
      .orderBy('hubs.id')
      .execute();
    const counts = new Map<string, number>();
    for (const { hub_id, user_id } of rows) {
      const order = (counts.get(user_id) ?? 0) + 1;
      counts.set(user_id, order);
      await db.updateTable('hub_users').set({ added_order: order }).where('hub_id', '=', hub_id).where('user_id', '=', user_id).execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('hub_users').dropColumn('added_order').execute();
  },
};
