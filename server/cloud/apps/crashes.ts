import type { SignedIn } from '../../http/api.js';
import type { components } from '../../../generated/cloud/apps.js';
import { conflict, notFound } from '../../http/errors.js';
import { caller, requireAppRow } from './access.js';
import { requireBuild } from './builds.js';
import { capPerDay, isoNow, newId, parsed, type AppsContext, type AppsState } from './context.js';
import { mailDevelopers, mailSafely, rememberCaller } from './people.js';
import { buildIdText } from './views.js';

type Schemas = components['schemas'];
type Crash = Schemas['Crash'];
type CrashRow = { id: string; app_id: string; build_id: number; app_version: string; homey_id: string; homey_version: string; homey_model_id: string | null; homey_model_name: string | null; stack: string; reply: string | null; created_at: string };

const CRASHES_PER_HUB_A_DAY = 100;

const crashView = (row: CrashRow): Crash => ({
  id: row.id,
  appId: row.app_id,
  buildId: buildIdText(Number(row.build_id)),
  appVersion: row.app_version,
  homeyId: row.homey_id,
  homeyVersion: row.homey_version,
  homeyModelId: row.homey_model_id,
  homeyModelName: row.homey_model_name,
  stack: row.stack,
  createdAt: row.created_at,
  reply: parsed<NonNullable<Crash['reply']>>(row.reply),
});

export interface CrashInput {
  appVersion: string;
  homeyId: string;
  homeyVersion: string;
  homeyModelId?: string;
  homeyModelName?: string;
  stack: string;
}

/** A hub's report that an app crashed, filed under the build of its version. */
export async function reportCrash(context: SignedIn<AppsContext>, appId: string, input: CrashInput): Promise<Crash> {
  const state = context.service;
  const session = caller(context);
  const app = await requireAppRow(state, appId);
  const build = await state.db.selectFrom('app_builds').select('id').where('app_id', '=', appId).where('version', '=', input.appVersion).executeTakeFirst();
  if (!build) throw notFound(`Build of version ${input.appVersion}`);
  await capPerDay(state, 'app_crashes', appId, { column: 'homey_id', value: input.homeyId }, CRASHES_PER_HUB_A_DAY, `At most ${CRASHES_PER_HUB_A_DAY} crash reports per hub and app a day`);
  await rememberCaller(state, session);
  const row = {
    id: newId(),
    app_id: appId,
    build_id: build.id,
    app_version: input.appVersion,
    homey_id: input.homeyId,
    homey_version: input.homeyVersion,
    homey_model_id: input.homeyModelId ?? null,
    homey_model_name: input.homeyModelName ?? null,
    stack: input.stack,
    user_id: session.userId,
    user_email: session.email,
    reply: null,
    created_at: isoNow(state),
  };
  await state.db.insertInto('app_crashes').values(row).execute();
  if (app.send_email_crash) await mailDevelopers(state, app, `crash in ${input.appVersion}`, `A hub running ${input.homeyVersion} reported:\n\n${input.stack}`);
  return crashView(row);
}

export async function crashesOf(state: AppsState, appId: string, buildId: number, page: { offset?: number; limit?: number }): Promise<Crash[]> {
  await requireBuild(state, appId, buildId);
  const rows = await state.db.selectFrom('app_crashes').selectAll().where('app_id', '=', appId).where('build_id', '=', buildId).orderBy('created_at', 'desc').orderBy('id').offset(page.offset ?? 0).limit(page.limit ?? 50).execute();
  return rows.map(crashView);
}

export async function crashStats(state: AppsState, appId: string, buildId: number): Promise<Schemas['CrashStats']> {
  await requireBuild(state, appId, buildId);
  const rows = await state.db.selectFrom('app_crashes').select(['homey_id', 'homey_version', 'stack']).where('app_id', '=', appId).where('build_id', '=', buildId).execute();
  const tally = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  };
  return {
    total: rows.length,
    homeys: new Set(rows.map((r) => r.homey_id)).size,
    homeyVersions: tally(rows.map((r) => r.homey_version)).map(([homeyVersion, count]) => ({ homeyVersion, count })),
    stacks: tally(rows.map((r) => r.stack.split('\n')[0]!.trim())).slice(0, 20).map(([message, count]) => ({ message, count })),
  };
}

/** The developers' one answer to a crash report, mailed to the user whose hub reported it. */
export async function replyToCrash(context: SignedIn<AppsContext>, crashId: string, input: { subject: string; body: string; from?: string }): Promise<Crash> {
  const state = context.service;
  const crash = await state.db.selectFrom('app_crashes').selectAll().where('id', '=', crashId).executeTakeFirst();
  if (!crash) throw notFound('Crash');
  if (crash.reply !== null) throw conflict('This crash report has an answer already');
  const reply = { subject: input.subject, body: input.body, from: input.from ?? caller(context).name, sentAt: isoNow(state) };
  const updated = await state.db.updateTable('app_crashes').set({ reply: JSON.stringify(reply) }).where('id', '=', crashId).where('reply', 'is', null).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict('This crash report has an answer already');
  await mailSafely(state, { to: crash.user_email, subject: `${crash.app_id}: ${input.subject}`, text: `${input.body}\n\n${reply.from}` });
  return crashView({ ...crash, reply: JSON.stringify(reply) });
}
