import type { SignedIn } from '../../http/api.js';
import { sql } from 'kysely';
import type { components } from '../../../generated/cloud/apps.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { newSecret, secretHash } from '../../http/secrets.js';
import { caller, isAdmin, memberRole } from './access.js';
import { isoNow, newId, type AppsContext, type AppsState } from './context.js';
import { mailSafely, rememberCaller } from './people.js';

type Schemas = components['schemas'];
type Role = Schemas['OrganizationRole'];

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An organization as a member sees it: invites only for its owners and admins. */
export async function organizationView(context: SignedIn<AppsContext>, orgId: string): Promise<Schemas['Organization']> {
  const { db } = context.service;
  const org = await db.selectFrom('app_organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
  if (!org) throw notFound('Organization');
  const members = await db.selectFrom('app_organization_members').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('user_id').execute();
  const role = await memberRole(context.service, orgId, caller(context).userId);
  const seesInvites = isAdmin(caller(context)) || role === 'owner' || role === 'admin';
  const invites = seesInvites
    ? await db.selectFrom('app_organization_invites').selectAll().where('org_id', '=', orgId).where('expires_at', '>', isoNow(context.service)).orderBy('email_key').execute()
    : [];
  const apps = await db.selectFrom('apps').select('id').where('org_id', '=', orgId).orderBy('id').execute();
  return {
    id: org.id,
    name: org.name,
    createdAt: org.created_at,
    members: members.map((m) => ({ userId: m.user_id, name: m.name, role: m.role as Role })),
    invites: invites.map((i) => ({ email: i.email_key, role: i.role as Role, expiresAt: i.expires_at })),
    apps: apps.map((a) => a.id),
  };
}

export async function myOrganizations(context: SignedIn<AppsContext>): Promise<Schemas['Organization'][]> {
  const rows = await context.service.db.selectFrom('app_organization_members').select('org_id').where('user_id', '=', caller(context).userId).orderBy('org_id').execute();
  return Promise.all(rows.map((row) => organizationView(context, row.org_id)));
}

export async function createOrganization(context: SignedIn<AppsContext>, name: string): Promise<Schemas['Organization']> {
  const state = context.service;
  const session = caller(context);
  await rememberCaller(state, session);
  const id = newId();
  const now = isoNow(state);
  await state.db.transaction().execute(async (trx) => {
    await trx.insertInto('app_organizations').values({ id, name, created_at: now }).execute();
    await trx.insertInto('app_organization_members').values({ org_id: id, user_id: session.userId, name: session.name, role: 'owner', created_at: now }).execute();
  });
  return organizationView(context, id);
}

export async function deleteOrganization(state: AppsState, orgId: string): Promise<void> {
  const apps = await state.db.selectFrom('apps').select('id').where('org_id', '=', orgId).execute();
  if (apps.length) throw conflict(`The organization holds apps (${apps.map((a) => a.id).join(', ')}): move them first`);
  await state.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_organization_invites').where('org_id', '=', orgId).execute();
    await trx.deleteFrom('app_organization_members').where('org_id', '=', orgId).execute();
    await trx.deleteFrom('app_organizations').where('id', '=', orgId).execute();
  });
}

export async function renameOrganization(context: SignedIn<AppsContext>, orgId: string, name: string) {
  await context.service.db.updateTable('app_organizations').set({ name }).where('id', '=', orgId).execute();
  return organizationView(context, orgId);
}

/** Mails an invite token to the address (only owners invite owners); inviting again replaces the token. */
export async function invite(context: SignedIn<AppsContext>, orgId: string, email: string, role: Role = 'developer') {
  const state = context.service;
  const session = caller(context);
  if (role === 'owner' && !isAdmin(session) && (await memberRole(state, orgId, session.userId)) !== 'owner') throw forbidden('Only owners invite owners');
  const emailKey = email.toLowerCase();
  const member = await state.db
    .selectFrom('app_organization_members')
    .innerJoin('app_people', 'app_people.id', 'app_organization_members.user_id')
    .select('app_people.id')
    .where('app_organization_members.org_id', '=', orgId)
    .where(sql<string>`lower(app_people.email)`, '=', emailKey)
    .executeTakeFirst();
  if (member) throw conflict('That address belongs to a member already');
  const token = newSecret();
  const values = { role, token_hash: secretHash(token), expires_at: isoNow(state, INVITE_TTL_MS), invited_by: session.userId };
  await state.db
    .insertInto('app_organization_invites')
    .values({ org_id: orgId, email_key: emailKey, ...values })
    .onConflict((c) => c.columns(['org_id', 'email_key']).doUpdateSet(values))
    .execute();
  const org = await state.db.selectFrom('app_organizations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow();
  await mailSafely(state, {
    to: email,
    subject: `Join ${org.name} on the app store`,
    text: `${session.name} invites you to develop apps with ${org.name} as ${role}. Sign in to the app store and accept with this invite token (POST ${state.publicUrl}/org/${orgId}/member/accept) within 7 days:\n\n${token}`,
  });
  return organizationView(context, orgId);
}

/** The invite of this token makes the caller a member in its role. */
export async function acceptInvite(context: SignedIn<AppsContext>, orgId: string, token: string) {
  const state = context.service;
  const session = caller(context);
  const found = await state.db.selectFrom('app_organization_invites').selectAll().where('org_id', '=', orgId).where('token_hash', '=', secretHash(token)).executeTakeFirst();
  if (!found || found.expires_at <= isoNow(state)) throw notFound('Invite');
  await rememberCaller(state, session);
  await state.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_organization_invites').where('org_id', '=', orgId).where('email_key', '=', found.email_key).execute();
    await trx
      .insertInto('app_organization_members')
      .values({ org_id: orgId, user_id: session.userId, name: session.name, role: found.role, created_at: isoNow(state) })
      .onConflict((c) => c.columns(['org_id', 'user_id']).doUpdateSet({ role: found.role }))
      .execute();
  });
  return organizationView(context, orgId);
}

async function requireMember(state: AppsState, orgId: string, userId: string) {
  const role = await memberRole(state, orgId, userId);
  if (role === undefined) throw notFound('Member');
  return role;
}

async function owners(state: AppsState, orgId: string): Promise<number> {
  const row = await state.db.selectFrom('app_organization_members').select(sql<number>`count(*)`.as('n')).where('org_id', '=', orgId).where('role', '=', 'owner').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function changeRole(context: SignedIn<AppsContext>, orgId: string, memberId: string, role: Role) {
  const state = context.service;
  const current = await requireMember(state, orgId, memberId);
  if (current === 'owner' && role !== 'owner' && (await owners(state, orgId)) === 1) throw conflict('The last owner keeps the role: make another member owner first');
  await state.db.updateTable('app_organization_members').set({ role }).where('org_id', '=', orgId).where('user_id', '=', memberId).execute();
  return organizationView(context, orgId);
}

export async function removeMember(context: SignedIn<AppsContext>, orgId: string, memberId: string): Promise<void> {
  const state = context.service;
  const role = await requireMember(state, orgId, memberId);
  const session = caller(context);
  if (role === 'owner' && memberId !== session.userId && !isAdmin(session) && (await memberRole(state, orgId, session.userId)) !== 'owner') throw forbidden('Only owners remove owners');
  if (role === 'owner' && (await owners(state, orgId)) === 1) throw conflict('The last owner cannot leave: make another member owner, or delete the organization');
  await state.db.deleteFrom('app_organization_members').where('org_id', '=', orgId).where('user_id', '=', memberId).execute();
}
