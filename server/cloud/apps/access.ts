import type { Guard, SignedIn } from '../../http/api.js';
import { forbidden, notFound } from '../../http/errors.js';
import { sameSecret } from '../../http/secrets.js';
import type { CloudSession } from '../callers/identity.js';
import type { AppsContext, AppsState } from './context.js';

type AppsGuard = Guard<AppsContext>;
/** The guard of an operation that needs a token: the caller is there. */
type SignedInGuard = Guard<SignedIn<AppsContext>>;

export const isAdmin = (session: CloudSession) => session.roles.includes('admin');
export const isReviewer = (session: CloudSession) => isAdmin(session) || session.roles.includes('app_reviewer');

/** The signed-in caller (the dispatcher has refused calls without a token already). */
export const caller = (context: SignedIn<AppsContext>): CloudSession => context.session;

export const findApp = (state: AppsState, appId: string) => state.db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst();

export async function requireAppRow(state: AppsState, appId: string) {
  const row = await findApp(state, appId);
  if (!row) throw notFound('App');
  return row;
}

/** The caller's role in an organization, or undefined. */
export async function memberRole(state: AppsState, orgId: string, userId: string): Promise<string | undefined> {
  const row = await state.db.selectFrom('app_organization_members').select('role').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role;
}

/** Whether the user develops the app: its author, or a member of its organization. */
export async function developsApp(state: AppsState, app: { author_id: string; org_id: string | null }, userId: string): Promise<boolean> {
  if (app.author_id === userId) return true;
  return app.org_id !== null && (await memberRole(state, app.org_id, userId)) !== undefined;
}

async function requireDeveloper(context: SignedIn<AppsContext>, appId: string, reviewersToo: boolean): Promise<void> {
  const app = await requireAppRow(context.service, appId);
  const session = caller(context);
  if (isAdmin(session) || (reviewersToo && isReviewer(session))) return;
  if (!(await developsApp(context.service, app, session.userId))) throw forbidden("Only the app's developers may do this");
}

/** The app's author and its organization's members (and admins). */
export const developerOf: SignedInGuard = (path, context) => requireDeveloper(context, path.appId!, false);

/** As developerOf, and reviewers. */
export const developerOrReviewer: SignedInGuard = (path, context) => requireDeveloper(context, path.appId!, true);

export const reviewerOnly: SignedInGuard = (_path, context) => {
  if (!isReviewer(caller(context))) throw forbidden('Only reviewers and admins may do this');
};

/** Reviewers and admins, on an app that exists. */
export const reviewerOfApp: SignedInGuard = async (path, context) => {
  reviewerOnly(path, context);
  await requireAppRow(context.service, path.appId!);
};

/** Whether the app has a build on a channel (alpha, beta or stable): only then is it anyone's to see. */
const isReleased = async (state: AppsState, appId: string) =>
  (await state.db.selectFrom('app_builds').select('id').where('app_id', '=', appId).where('channel', 'is not', null).limit(1).executeTakeFirst()) !== undefined;

/**
 * Anyone (signed in where the operation asks it), on a released app; an app without a published build is 404 to
 * all but its developers, reviewers and admins: its page, author and feedback are not out yet.
 */
export const releasedApp: AppsGuard = async (path, context) => {
  const app = await requireAppRow(context.service, path.appId!);
  if (await isReleased(context.service, app.id)) return;
  const session = context.session;
  if (session && (isReviewer(session) || (await developsApp(context.service, app, session.userId)))) return;
  throw notFound('App');
};

/** A new app is anyone's to create; an existing one is its developers'. */
export const builderOf: SignedInGuard = async (path, context) => {
  const app = await findApp(context.service, path.appId!);
  const session = caller(context);
  if (app && !isAdmin(session) && !(await developsApp(context.service, app, session.userId))) throw forbidden("Only the app's developers may add builds");
};

/** The app's author (or an admin). */
export const authorOf: SignedInGuard = async (path, context) => {
  const app = await requireAppRow(context.service, path.appId!);
  const session = caller(context);
  if (!isAdmin(session) && app.author_id !== session.userId) throw forbidden("Only the app's author may do this");
};

/** The developers of the app an archive belongs to. */
export const archiveDeveloper: SignedInGuard = async (path, context) => {
  const archive = await context.service.db.selectFrom('app_archives').select('app_id').where('id', '=', path.archiveId!).executeTakeFirst();
  if (!archive) throw notFound('Archive');
  await requireDeveloper(context, archive.app_id, false);
};

/** The developers of the app a crash report belongs to. */
export const crashDeveloper: SignedInGuard = async (path, context) => {
  const crash = await context.service.db.selectFrom('app_crashes').select('app_id').where('id', '=', path.crashId!).executeTakeFirst();
  if (!crash) throw notFound('Crash');
  await requireDeveloper(context, crash.app_id, false);
};

const ORG_RANK = new Map([
  ['developer', 0],
  ['admin', 1],
  ['owner', 2],
]);

/** Members of the organization holding at least `least` (404 for strangers: they learn nothing of it). */
export const orgMember =
  (least: 'developer' | 'admin' | 'owner'): SignedInGuard =>
  async (path, context) => {
    const session = caller(context);
    const org = await context.service.db.selectFrom('app_organizations').select('id').where('id', '=', path.orgId!).executeTakeFirst();
    if (!org) throw notFound('Organization');
    if (isAdmin(session)) return;
    const role = await memberRole(context.service, path.orgId!, session.userId);
    if (role === undefined) throw notFound('Organization');
    if (ORG_RANK.get(role)! < ORG_RANK.get(least)!) throw forbidden(`Only the organization's ${least === 'owner' ? 'owners' : 'owners and admins'} may do this`);
  };

/** Owners and admins, or the member removing themself. */
export const orgAdminOrSelf: SignedInGuard = (path, context) =>
  path.memberId === caller(context).userId ? orgMember('developer')(path, context) : orgMember('admin')(path, context);

/** Any signed-in user, on an organization that exists. */
export const existingOrg: AppsGuard = async (path, context) => {
  const org = await context.service.db.selectFrom('app_organizations').select('id').where('id', '=', path.orgId!).executeTakeFirst();
  if (!org) throw notFound('Organization');
};

/** Calls of the platform's own services carry its shared secret (compared in constant time); 403 when wrong. */
export function requireSecret(state: AppsState, secret: string): void {
  if (!state.secret || !sameSecret(secret, state.secret)) throw forbidden('The secret is wrong');
}
