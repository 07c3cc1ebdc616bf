import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Account } from './context.js';
import type { Tables } from './db.js';
import { rolesOf } from './roles.js';

type Information = components['schemas']['InstallerInformation'];
type UserRow = Selectable<Tables['users']>;

export const INSTALLER_ROLE = 'installer';

const isInstaller = (row: UserRow) => rolesOf(row).includes(INSTALLER_ROLE);

const view = (row: Selectable<Tables['installer_information']>): Information => ({
  ...(row.website !== null ? { website: row.website } : {}),
  ...(row.email !== null ? { email: row.email } : {}),
  ...(row.phone !== null ? { phone: row.phone } : {}),
});

export async function installerInformation(account: Account, user: UserRow): Promise<Information> {
  const row = isInstaller(user) ? await account.db.selectFrom('installer_information').selectAll().where('user_id', '=', user.id).executeTakeFirst() : undefined;
  if (!row) throw notFound('Installer information');
  return view(row);
}

export async function setInstallerInformation(account: Account, user: UserRow, patch: Information): Promise<Information> {
  if (!isInstaller(user)) throw forbidden('Only certified installers keep installer information');
  const current = await account.db.selectFrom('installer_information').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  const row = {
    user_id: user.id,
    website: patch.website ?? current?.website ?? null,
    email: patch.email ?? current?.email ?? null,
    phone: patch.phone ?? current?.phone ?? null,
    updated_at: account.iso(),
  };
  await account.db.insertInto('installer_information').values(row).onConflict((oc) => oc.column('user_id').doUpdateSet(row)).execute();
  return view(row);
}
