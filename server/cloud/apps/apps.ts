import type { SignedIn } from '../../http/api.js';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { components } from '../../../generated/cloud/apps.js';
import type { MediaBody } from '../../http/api.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { caller, isAdmin, memberRole, requireAppRow } from './access.js';
import type { AppsContext, AppsState } from './context.js';
import { recordEvent } from './stats.js';
import { appBuildView, developerAppView, type BuildRow } from './views.js';

type Schemas = components['schemas'];
export type App = Schemas['App'];
export type AppSettings = Schemas['AppSettings'];

/** An app's builds, newest first. */
export const buildsOf = (state: AppsState, appId: string): Promise<BuildRow[]> =>
  state.db.selectFrom('app_builds').selectAll().where('app_id', '=', appId).orderBy('id', 'desc').execute();

/** An app's page: its author, its live build (newest on stable) and its test build (newest on beta, if newer). */
export async function appPage(state: AppsState, appId: string): Promise<App> {
  const app = await requireAppRow(state, appId);
  const builds = await buildsOf(state, appId);
  const live = builds.find((b) => b.channel === 'stable');
  const test = builds.find((b) => b.channel === 'beta' && (!live || b.id > live.id));
  await recordEvent(state, appId, 'pageview');
  return {
    id: app.id,
    author: { userId: app.author_id, name: app.author_name, verified: Boolean(app.author_verified) },
    liveBuild: live ? appBuildView(live) : null,
    testBuild: test ? appBuildView(test) : null,
  };
}

/** Deletes an app and everything of it, its package files too. */
export async function deleteApp(state: AppsState, appId: string): Promise<void> {
  state.pageviews.forget(appId);
  await state.pageviews.flush();
  const archives = await state.db.selectFrom('app_archives').select('id').where('app_id', '=', appId).execute();
  await state.db.transaction().execute(async (trx) => {
    for (const table of ['app_builds', 'app_archives', 'app_submission_comments', 'app_reviews', 'app_thanks', 'app_suggestions', 'app_crashes', 'app_events', 'app_usage'] as const) {
      await trx.deleteFrom(table).where('app_id', '=', appId).execute();
    }
    await trx.deleteFrom('apps').where('id', '=', appId).execute();
  });
  for (const { id } of archives) rmSync(path.join(state.archiveDir, `${id}.tar.gz`), { force: true });
  await state.index.refresh(appId);
}

export async function appSettings(state: AppsState, appId: string): Promise<AppSettings> {
  const app = await requireAppRow(state, appId);
  return { sendEmailCrash: Boolean(app.send_email_crash), sendEmailSuggestion: Boolean(app.send_email_suggestion), sendEmailThanks: Boolean(app.send_email_thanks) };
}

export async function updateAppSettings(state: AppsState, appId: string, patch: Partial<AppSettings>): Promise<AppSettings> {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const set = { send_email_crash: flag(patch.sendEmailCrash), send_email_suggestion: flag(patch.sendEmailSuggestion), send_email_thanks: flag(patch.sendEmailThanks) };
  const changes = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) await state.db.updateTable('apps').set(changes).where('id', '=', appId).execute();
  return appSettings(state, appId);
}

/** The changelog of every build published on stable, newest first. */
export async function changelog(state: AppsState, appId: string): Promise<Schemas['ChangelogEntry'][]> {
  await requireAppRow(state, appId);
  const builds = (await buildsOf(state, appId)).filter((b) => b.channel === 'stable');
  return builds.map((b) => ({ version: b.version, changelog: JSON.parse(b.changelog) as Schemas['LocalizedText'], date: b.published_at ?? b.updated_at }));
}

/** The SVG icon of the live build, else of the newest checked one. */
export async function appIcon(state: AppsState, appId: string): Promise<MediaBody> {
  await requireAppRow(state, appId);
  const builds = await buildsOf(state, appId);
  const build = builds.find((b) => b.channel === 'stable' && b.manifest) ?? builds.find((b) => b.manifest);
  if (!build) throw notFound('Icon');
  const icon = appBuildView(build).icon;
  return { type: 'image/svg+xml', body: Buffer.from(icon.slice(icon.indexOf(',') + 1), 'base64') };
}

export async function developerApp(state: AppsState, appId: string) {
  return developerAppView(await requireAppRow(state, appId), await buildsOf(state, appId));
}

/** Apps the caller authored and those of the caller's organizations. */
export async function myApps(context: SignedIn<AppsContext>): Promise<Schemas['DeveloperApp'][]> {
  const { db } = context.service;
  const userId = caller(context).userId;
  const orgs = db.selectFrom('app_organization_members').select('org_id').where('user_id', '=', userId);
  const apps = await db.selectFrom('apps').selectAll().where((eb) => eb.or([eb('author_id', '=', userId), eb('org_id', 'in', orgs)])).orderBy('id').execute();
  return Promise.all(apps.map(async (app) => developerAppView(app, await buildsOf(context.service, app.id))));
}

/** Hands the app to another author: admins to anyone the store knows, the author to a member of the app's organization. */
export async function changeAuthor(context: SignedIn<AppsContext>, appId: string, userId: string) {
  const state = context.service;
  const app = await requireAppRow(state, appId);
  const person = await state.db.selectFrom('app_people').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!person) throw notFound('User');
  if (!isAdmin(caller(context)) && !(app.org_id && (await memberRole(state, app.org_id, userId)))) {
    throw forbidden("The new author must be a member of the app's organization");
  }
  await state.db.updateTable('apps').set({ author_id: userId, author_name: person.name }).where('id', '=', appId).execute();
  await state.index.refresh(appId);
  return developerApp(state, appId);
}

/** Moves the app into an organization the caller owns or administers. */
export async function transferToOrganization(context: SignedIn<AppsContext>, appId: string, orgId: string) {
  const state = context.service;
  const org = await state.db.selectFrom('app_organizations').select('id').where('id', '=', orgId).executeTakeFirst();
  if (!org) throw notFound('Organization');
  const role = await memberRole(state, orgId, caller(context).userId);
  if (!isAdmin(caller(context)) && role !== 'owner' && role !== 'admin') throw forbidden("Only the organization's owners and admins may take in an app");
  const app = await requireAppRow(state, appId);
  if (app.org_id === orgId) throw badRequest('The app is in this organization already');
  await state.db.updateTable('apps').set({ org_id: orgId }).where('id', '=', appId).execute();
  await state.index.refresh(appId);
  return developerApp(state, appId);
}
