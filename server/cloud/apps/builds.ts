import type { SignedIn } from '../../http/api.js';
import path from 'node:path';
import type { components } from '../../../generated/cloud/apps.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { caller, isReviewer, requireSecret } from './access.js';
import { agentFindings, checkPackage, verdictOf } from './app-package.js';
import { buildsOf } from './apps.js';
import { isHigher } from './compatibility.js';
import { isoNow, newId, parsed, type AppsContext, type AppsState } from './context.js';
import { rememberCaller } from './people.js';
import { buildIdText, buildView, type BuildRow } from './views.js';

type Schemas = components['schemas'];
type Channel = Schemas['Channel'];

export interface BuildInput {
  version: string;
  env?: Record<string, string>;
  changelog?: Schemas['LocalizedText'];
  readme?: Schemas['LocalizedText'];
}

export const archivePath = (state: AppsState, archiveId: string) => path.join(state.archiveDir, `${archiveId}.tar.gz`);

export async function requireBuild(state: AppsState, appId: string, buildId: number): Promise<BuildRow> {
  const row = await state.db.selectFrom('app_builds').selectAll().where('app_id', '=', appId).where('id', '=', buildId).executeTakeFirst();
  if (!row) throw notFound('Build');
  return row;
}

/** The newest archive of a build. */
export const archiveOf = (state: AppsState, appId: string, buildId: number) =>
  state.db.selectFrom('app_archives').selectAll().where('app_id', '=', appId).where('build_id', '=', buildId).orderBy('created_at', 'desc').executeTakeFirst();

export async function buildAnswer(state: AppsState, appId: string, buildId: number) {
  const row = await requireBuild(state, appId, buildId);
  return buildView(row, await archiveOf(state, appId, buildId));
}

export async function listBuilds(state: AppsState, appId: string) {
  const builds = await buildsOf(state, appId);
  const archives = await state.db.selectFrom('app_archives').selectAll().where('app_id', '=', appId).orderBy('created_at', 'desc').execute();
  return builds.map((build) => buildView(build, archives.find((a) => a.build_id === build.id)));
}

/**
 * A new build waiting for its package (and the app itself on its first build, the caller its author), with a
 * signed URL to upload the package to. Its version must be higher than every earlier build's.
 */
export async function createBuild(context: SignedIn<AppsContext>, appId: string, input: BuildInput): Promise<Schemas['BuildUpload']> {
  const state = context.service;
  const session = caller(context);
  await rememberCaller(state, session);
  const now = isoNow(state);
  const archiveId = newId();
  const buildId = await state.db.transaction().execute(async (trx) => {
    const app = await trx.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst();
    if (!app) {
      const verified = session.roles.includes('app_developer_trusted') ? 1 : 0;
      await trx.insertInto('apps').values({ id: appId, author_id: session.userId, author_name: session.name, author_verified: verified, org_id: null, category: '[]', send_email_crash: 1, send_email_suggestion: 1, send_email_thanks: 1, created_at: now }).execute();
    }
    const builds = await trx.selectFrom('app_builds').select(['id', 'version']).where('app_id', '=', appId).execute();
    const higher = builds.find((b) => !isHigher(input.version, b.version));
    if (higher) throw conflict(`Version ${input.version} is not higher than build ${higher.id}'s ${higher.version}`);
    const id = Math.max(0, ...builds.map((b) => b.id)) + 1;
    await trx
      .insertInto('app_builds')
      .values({
        app_id: appId,
        id,
        version: input.version,
        state: 'waiting',
        channel: null,
        env: JSON.stringify(input.env ?? {}),
        changelog: JSON.stringify(input.changelog ?? { en: '' }),
        readme: JSON.stringify(input.readme ?? { en: '' }),
        manifest: null,
        icon: null,
        auto_release: 0,
        submission_state: null,
        submitted_at: null,
        reviewed_at: null,
        reviewer_id: null,
        agent_review: null,
        published_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.insertInto('app_archives').values({ id: archiveId, app_id: appId, build_id: id, state: 'pending', error: null, manifest: null, assets_id: null, hash: null, size: null, created_at: now, updated_at: now }).execute();
    return id;
  });
  const { query, expiresAt } = state.urls.sign('upload', archiveId);
  return {
    build: await buildAnswer(state, appId, buildId),
    upload: { archiveId, url: `${state.publicUrl}/archive/${archiveId}/upload?${query}`, method: 'PUT', expiresAt, maxSize: state.maxArchiveBytes },
  };
}

const VALID_STATES = new Set(['draft', 'in_review', 'approved', 'rejected']);

/**
 * Publishes a build on a channel: developers a valid build on alpha and an approved one on beta or stable;
 * reviewers any valid build anywhere.
 */
export async function publishBuild(context: SignedIn<AppsContext>, appId: string, buildId: number, channel: Channel) {
  const state = context.service;
  const build = await requireBuild(state, appId, buildId);
  if (!VALID_STATES.has(build.state)) throw conflict('The build has no valid package yet');
  if (channel !== 'alpha' && build.state !== 'approved' && !isReviewer(caller(context))) throw conflict(`Only an approved build goes on ${channel}: submit it for review`);
  await setChannel(state, appId, buildId, channel);
  return buildAnswer(state, appId, buildId);
}

export async function setChannel(state: AppsState, appId: string, buildId: number, channel: Channel, extra: Partial<BuildRow> = {}) {
  const now = isoNow(state);
  await state.db
    .updateTable('app_builds')
    .set((eb) => ({ ...extra, channel, updated_at: now, published_at: eb.fn.coalesce('published_at', eb.val(now)) }))
    .where('app_id', '=', appId)
    .where('id', '=', buildId)
    .execute();
  await state.index.refresh(appId);
}

/** Which channels a hub following `channel` takes builds from. */
const ACCEPTED: Record<Channel, readonly string[]> = { stable: ['stable'], beta: ['stable', 'beta'], alpha: ['stable', 'beta', 'alpha'] };

/** The build a hub installs, with a signed URL of its package (whose download counts the install). */
export async function installOf(state: AppsState, appId: string, args: { channel?: Channel; version?: string; secret: string }): Promise<Schemas['AppInstall']> {
  requireSecret(state, args.secret);
  const channel = args.channel ?? 'stable';
  const builds = (await buildsOf(state, appId)).filter((b) => b.channel !== null && ACCEPTED[channel].includes(b.channel) && (!args.version || b.version === args.version));
  for (const build of builds) {
    const archive = await archiveOf(state, appId, build.id);
    if (archive?.state !== 'valid') continue;
    const { query, expiresAt } = state.urls.sign('download', archive.id);
    const manifest = parsed<{ sdk: number; permissions?: string[] }>(build.manifest)!;
    return {
      appId,
      buildId: buildIdText(build.id),
      version: build.version,
      channel: build.channel as Channel,
      sdk: manifest.sdk,
      permissions: manifest.permissions ?? [],
      hash: archive.hash!,
      size: Number(archive.size),
      url: `${state.publicUrl}/archive/${archive.id}/download?${query}`,
      expiresAt,
    };
  }
  throw notFound(args.version ? `Version ${args.version} on channel ${channel}` : `A build on channel ${channel}`);
}

/** What the package holds, and installs and crashes per step between start and end (epoch seconds). */
export async function buildMetrics(state: AppsState, appId: string, buildId: number, range: { start?: number; end?: number; step?: number }): Promise<Schemas['BuildMetrics']> {
  const build = await requireBuild(state, appId, buildId);
  const end = range.end ?? Math.floor(state.clock.now() / 1000);
  const step = range.step ?? 86_400;
  const start = range.start ?? end - 7 * 86_400;
  if (start >= end) throw badRequest('start must be before end');
  const steps = Math.ceil((end - start) / step);
  if (steps > 500) throw badRequest('At most 500 steps: take a longer step or a shorter range');
  const series = Array.from({ length: steps }, (_, i) => ({ start: start + i * step, installs: 0, crashes: 0 }));
  const at = (seconds: number) => series[Math.floor((seconds - start) / step)];
  const events = await state.db.selectFrom('app_events').select(['hour', 'count']).where('app_id', '=', appId).where('kind', '=', 'install').where('version', '=', build.version).execute();
  for (const event of events) {
    const seconds = Number(event.hour) * 3600;
    if (seconds >= start && seconds < end) at(seconds)!.installs += Number(event.count);
  }
  const crashes = await state.db
    .selectFrom('app_crashes')
    .select('created_at')
    .where('app_id', '=', appId)
    .where('build_id', '=', buildId)
    .where('created_at', '>=', new Date(start * 1000).toISOString())
    .where('created_at', '<', new Date(end * 1000).toISOString())
    .execute();
  for (const crash of crashes) at(Math.floor(Date.parse(crash.created_at) / 1000))!.crashes++;
  const manifest = parsed<{ drivers?: unknown[]; permissions?: string[]; flow?: Record<string, unknown[]> }>(build.manifest) ?? {};
  const archive = await archiveOf(state, appId, buildId);
  const flowCards = ['triggers', 'conditions', 'actions'].reduce((n, kind) => n + (manifest.flow?.[kind]?.length ?? 0), 0);
  return {
    buildId: buildIdText(buildId),
    package: { size: Number(archive?.size ?? 0), drivers: manifest.drivers?.length ?? 0, flowCards, permissions: manifest.permissions ?? [] },
    series,
  };
}

export async function agentReview(state: AppsState, appId: string, buildId: number): Promise<Schemas['AgentReview']> {
  const build = await requireBuild(state, appId, buildId);
  const review = parsed<Omit<Schemas['AgentReview'], 'buildId'>>(build.agent_review);
  if (!review) throw notFound('Agent review');
  return { buildId: buildIdText(buildId), ...review };
}

/** Reads the stored package again and records its automatic review. */
export async function runAgentReview(state: AppsState, appId: string, buildId: number, userId: string): Promise<Schemas['AgentReview']> {
  const build = await requireBuild(state, appId, buildId);
  const archive = await archiveOf(state, appId, buildId);
  if (archive?.state !== 'valid') throw conflict('The build has no valid package to review');
  const checked = await state.packageChecks.run(userId, () => checkPackage(archivePath(state, archive.id), { appId, version: build.version }));
  const findings = agentFindings(checked.manifest, checked.icon, Number(archive.size));
  const review = { verdict: verdictOf(findings), findings, checkedAt: isoNow(state) };
  await state.db.updateTable('app_builds').set({ agent_review: JSON.stringify(review) }).where('app_id', '=', appId).where('id', '=', buildId).execute();
  return { buildId: buildIdText(buildId), ...review };
}
