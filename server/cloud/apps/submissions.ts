import type { SignedIn } from '../../http/api.js';
import type { components } from '../../../generated/cloud/apps.js';
import { conflict } from '../../http/errors.js';
import { caller, isReviewer, requireAppRow } from './access.js';
import { buildAnswer, requireBuild, setChannel } from './builds.js';
import { isoNow, newId, type AppsContext, type AppsState } from './context.js';
import { mailDevelopers, rememberCaller } from './people.js';
import { buildView } from './views.js';

type Schemas = components['schemas'];

const update = (state: AppsState, appId: string, buildId: number, values: Record<string, unknown>) =>
  state.db.updateTable('app_builds').set({ ...values, updated_at: isoNow(state) }).where('app_id', '=', appId).where('id', '=', buildId).execute();

/** Submits a checked build (a draft, or one rejected or retracted) for review. */
export async function submit(state: AppsState, appId: string, buildId: number, autoRelease: boolean) {
  const build = await requireBuild(state, appId, buildId);
  if (build.state !== 'draft' && build.state !== 'rejected') throw conflict(build.state === 'waiting' || build.state === 'invalid' ? 'The build has no valid package yet' : `The build is ${build.state.replace('_', ' ')}`);
  await update(state, appId, buildId, { state: 'in_review', submission_state: 'in_review', auto_release: autoRelease ? 1 : 0, submitted_at: isoNow(state), reviewed_at: null, reviewer_id: null });
  return buildAnswer(state, appId, buildId);
}

async function inReview(state: AppsState, appId: string, buildId: number) {
  const build = await requireBuild(state, appId, buildId);
  if (build.state !== 'in_review') throw conflict('The build is not in review');
  return build;
}

export async function retract(state: AppsState, appId: string, buildId: number) {
  await inReview(state, appId, buildId);
  await update(state, appId, buildId, { state: 'draft', submission_state: 'retracted' });
  return buildAnswer(state, appId, buildId);
}

/** Approves: the build goes on beta, or on stable with autoRelease; its developers are told. */
export async function approve(context: SignedIn<AppsContext>, appId: string, buildId: number) {
  const state = context.service;
  const build = await inReview(state, appId, buildId);
  const channel = build.auto_release ? 'stable' : 'beta';
  await setChannel(state, appId, buildId, channel, { state: 'approved', submission_state: 'approved', reviewed_at: isoNow(state), reviewer_id: caller(context).userId });
  await mailDevelopers(state, await requireAppRow(state, appId), `build ${build.version} approved`, `Build ${build.id} (${build.version}) was approved and is published on ${channel}.`);
  return buildAnswer(state, appId, buildId);
}

/** Rejects, with the reviewer's reason among the submission's comments; its developers are told. */
export async function reject(context: SignedIn<AppsContext>, appId: string, buildId: number, comment: string | undefined) {
  const state = context.service;
  const build = await inReview(state, appId, buildId);
  await update(state, appId, buildId, { state: 'rejected', submission_state: 'rejected', reviewed_at: isoNow(state), reviewer_id: caller(context).userId });
  if (comment) await addComment(context, appId, buildId, comment);
  await mailDevelopers(state, await requireAppRow(state, appId), `build ${build.version} rejected`, `Build ${build.id} (${build.version}) was rejected.${comment ? `\n\n${comment}` : ''}`);
  return buildAnswer(state, appId, buildId);
}

export async function comments(state: AppsState, appId: string, buildId: number): Promise<Schemas['SubmissionComment'][]> {
  await requireBuild(state, appId, buildId);
  const rows = await state.db.selectFrom('app_submission_comments').selectAll().where('app_id', '=', appId).where('build_id', '=', buildId).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.name, reviewer: Boolean(row.reviewer), text: row.text, createdAt: row.created_at }));
}

async function addComment(context: SignedIn<AppsContext>, appId: string, buildId: number, text: string): Promise<void> {
  const session = caller(context);
  await rememberCaller(context.service, session);
  await context.service.db
    .insertInto('app_submission_comments')
    .values({ id: newId(), app_id: appId, build_id: buildId, user_id: session.userId, name: session.name, reviewer: isReviewer(session) ? 1 : 0, text, created_at: isoNow(context.service) })
    .execute();
}

/** A comment on a build that was submitted; answers them all. */
export async function comment(context: SignedIn<AppsContext>, appId: string, buildId: number, text: string) {
  const build = await requireBuild(context.service, appId, buildId);
  if (!build.submission_state) throw conflict('The build was never submitted for review');
  await addComment(context, appId, buildId, text);
  return comments(context.service, appId, buildId);
}

/** Builds waiting for review, longest waiting first. */
export async function reviewQueue(state: AppsState, page: { offset?: number; limit?: number }): Promise<Schemas['ReviewQueueItem'][]> {
  const builds = await state.db
    .selectFrom('app_builds')
    .innerJoin('apps', 'apps.id', 'app_builds.app_id')
    .selectAll('app_builds')
    .select(['apps.author_id', 'apps.author_name', 'apps.author_verified'])
    .where('app_builds.state', '=', 'in_review')
    .orderBy('app_builds.submitted_at')
    .orderBy('app_builds.app_id')
    .offset(page.offset ?? 0)
    .limit(page.limit ?? 50)
    .execute();
  return Promise.all(
    builds.map(async ({ author_id, author_name, author_verified, ...build }) => {
      const manifest = JSON.parse(build.manifest!) as { name: string | { en: string } };
      const archive = await state.db.selectFrom('app_archives').selectAll().where('app_id', '=', build.app_id).where('build_id', '=', build.id).orderBy('created_at', 'desc').executeTakeFirst();
      return {
        appId: build.app_id,
        name: typeof manifest.name === 'string' ? manifest.name : manifest.name.en,
        author: { userId: author_id, name: author_name, verified: Boolean(author_verified) },
        build: buildView(build, archive),
      };
    }),
  );
}
