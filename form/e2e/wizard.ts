/**
 * Walking the wizard in the page along a path of tree-paths.ts: the demo data read from the servers the way the
 * form reads it (the account, the store, the hub's apps and the apps service), each pick resolved to the tile that
 * stands for it, clicked, and the end of the path checked against the tree.
 */
import type { Locator, Page } from 'playwright-core';
import { steps, type StepId } from '../src/features/wizard/tree.js';
import { groupsOf, type TileView, type TreeContext } from '../src/features/wizard/walker.js';
import { callAs, type Harness } from './harness.js';
import type { Pick } from './tree-paths.js';

interface UserRecord {
  firstname: string;
  lastname: string;
  email: string;
  avatar?: { medium?: string } | null;
  homeys: { _id: string; name: string; platform: 'cloud' | 'local'; model?: string; bridges?: unknown[] }[];
  subscriptions?: Record<string, { startedAt: string }>;
}

interface AppBuild {
  name: string | { en: string };
  support: string | null;
}

export interface DemoData {
  /** The tiles' data (the hub chosen is set per path). */
  context: TreeContext;
  /** The names of the installed apps whose developer takes e-mail. */
  takeEmail: Set<string>;
}

/** The demo account's data as the servers answer it. */
export async function demoData(harness: Harness): Promise<DemoData> {
  const { cloudUrl, hubUrl, hubToken } = harness.servers;
  // The store takes a delegation token of its own audience, as the form's client library asks for it.
  const storeToken = await callAs<string>(harness, `${cloudUrl}/delegation/token?audience=store`, { method: 'POST', body: '{}' });
  const [record, orders] = await Promise.all([
    callAs<UserRecord>(harness, `${cloudUrl}/user/me`),
    callAs<{ id: string; date: string }[]>(harness, `${cloudUrl}/store/user/order`, { headers: { Authorization: `Bearer ${storeToken}` } }),
  ]);
  const installed = await fetch(`${hubUrl}/api/manager/apps/app`, { headers: { Authorization: `Bearer ${hubToken}` } }).then((response) => response.json() as Promise<Record<string, { id: string; name: string }>>);
  // As the form shows them: named by their build in the apps service; its developer takes e-mail on a mailto: link.
  const apps = await Promise.all(
    Object.values(installed).map(async ({ id, name }) => {
      const app = await callAs<{ author: { userId: string }; liveBuild: AppBuild | null; testBuild: AppBuild | null }>(harness, `${cloudUrl}/apps/api/v1/app/${id}`);
      const build = app.liveBuild ?? app.testBuild;
      const shown = build ? (typeof build.name === 'string' ? build.name : build.name.en) : name;
      return { id, name: shown, authorId: app.author.userId, takesEmail: Boolean(build?.support?.startsWith('mailto:')) };
    }),
  );
  const context: TreeContext = {
    user: { fullname: `${record.firstname} ${record.lastname}`.trim(), email: record.email },
    hubs: record.homeys.map(({ _id, name, platform, model, bridges }) => ({ _id, name, platform, ...(model ? { model } : {}), bridges: bridges ?? [] })),
    orders,
    subscriptions: Object.entries(record.subscriptions ?? {}).map(([id, { startedAt }]) => ({ id, startedAt })),
    apps,
  };
  return { context, takeEmail: new Set(apps.filter((app) => app.takesEmail).map((app) => app.name)) };
}

/** The tiles on screen that stand for a pick (several for a data source's branch), in the data as it is then. */
export function tilesFor(pick: Pick, context: TreeContext): TileView[] {
  return groupsOf(pick.step, context)
    .flatMap((group) => group.tiles)
    .filter((tile) => (pick.title === undefined ? tile.choice?.branch === pick.branch : tile.key === pick.key));
}

/** The context after a pick: a hub chosen in step 1 decides the options of the hub steps. */
export function afterPick(context: TreeContext, tile: TileView): TreeContext {
  const hub = context.hubs?.find(({ _id }) => _id === tile.choice?.data.hubId);
  return hub ? { ...context, hub: { hasBridge: Boolean(hub.bridges?.length), ...(hub.model ? { model: hub.model } : {}) } } : context;
}

/** A step of the wizard on screen (the last one when a step shows twice). */
export const stepOf = (page: Page, step: StepId): Locator => page.locator(`ol.wizard > li[data-step="${step}"]`).last();

/** A tile button of a step, found by its title. */
export function tileButton(page: Page, step: StepId, title: string): Locator {
  return stepOf(page, step).getByRole('button').filter({ has: page.locator('.tile__title', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
}

/** Waits until a step is the current one, its question as its heading. */
export async function currentStep(page: Page, step: StepId): Promise<Locator> {
  const current = page.locator(`ol.wizard > li[data-step="${step}"][aria-current="step"]`);
  await current.getByRole('heading', { level: 2, name: steps[step].question, exact: true }).waitFor();
  return current;
}
