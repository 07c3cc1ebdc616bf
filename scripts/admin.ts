/**
 * npm run admin: the operator's command on the cloud account service's database (CLOUD_DATABASE_URL, else SQLite in
 * DATA_DIR/cloud, as npm start and npm run start:cloud read them), beside a running service or without one.
 *   npm run admin -- grant <email> <role>    gives the account a role (admin, app_reviewer ...)
 *   npm run admin -- revoke <email> <role>   takes it away
 *   npm run admin -- list <email>            the account's roles
 * Prints one line; on error one line on stderr and exit code 1. Grant and revoke are idempotent. A role counts in the
 * apps service from the account's next delegation token (tokens carry the roles they were signed with).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';
import { fail, startSettingsOrFail } from './start-settings.js';
import { systemClock } from '../server/http/clock.js';
import { findUserByEmail } from '../server/cloud/account/callers.js';
import { openAccountDb } from '../server/cloud/account/db.js';
import { isRole, ROLES, rolesOf } from '../server/cloud/account/roles.js';
import { setRole } from '../server/cloud/account/users.js';

const USAGE = 'Usage: npm run admin -- grant <email> <role> | revoke <email> <role> | list <email>';

const [command, email, role, ...extra] = process.argv.slice(2);
const arity = command === 'list' ? 2 : command === 'grant' || command === 'revoke' ? 3 : 0;
if (!arity || !email || (arity === 3 && !role) || (arity === 2 && role !== undefined) || extra.length) fail(USAGE);
if (arity === 3 && !isRole(role!)) fail(`Unknown role: ${role} (roles: ${ROLES.join(', ')})`);

const settings = startSettingsOrFail(process.env, root);
const dataDir = path.join(settings.dataDir, 'cloud');
// Without a database server the data is a file npm start made: none means a wrong DATA_DIR, not an empty cloud.
if (!settings.cloudDatabaseUrl && !existsSync(path.join(dataDir, 'account.sqlite'))) fail(`No cloud account data in ${dataDir}: check DATA_DIR, or start the cloud once (npm start)`);

const db = await openAccountDb({ databaseUrl: settings.cloudDatabaseUrl, dataDir });
try {
  const user = await findUserByEmail({ db }, email!);
  if (!user) fail(`Unknown e-mail: ${email}`);
  const held = (roles: string[]) => (roles.length ? roles.join(', ') : 'none');
  if (command === 'list') {
    console.log(`${user.email}: roles ${held(rolesOf(user))}`);
  } else {
    const granting = command === 'grant';
    const updated = await setRole({ db, iso: () => new Date(systemClock.now()).toISOString() }, user.id, role!, granting);
    console.log(`${user.email}: ${granting ? 'granted' : 'revoked'} ${role} (roles ${held(rolesOf(updated))})`);
  }
} finally {
  await db.destroy();
}
