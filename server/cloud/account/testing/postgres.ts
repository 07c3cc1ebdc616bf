import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new empty database on the PostgreSQL server of `serverUrl` (its user must be allowed to create databases), for one test
 * suite; `drop` removes it.
 */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `account_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    /**
     * Waits for the service's connections to close (a pool's end() resolves before the server has seen them go),
     * rather than forcing them: a forced drop would make their clients emit errors nobody listens to.
     */
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            // 55006: the database is still being accessed by other users.
            if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
