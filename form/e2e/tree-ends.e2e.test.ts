import type { Page } from 'playwright-core';
import { DEMO_BRIDGE_SERIALS } from '../../server/cloud/account/demo-subscriptions.js';
import { steps } from '../src/features/wizard/tree.js';
import { meets, type TileView, type TreeContext } from '../src/features/wizard/walker.js';
import { describeInChromium, callAs, seriousViolations, startHarness, type Harness, type OpenPage } from './harness.js';
import { treePaths, type TreePath } from './tree-paths.js';
import { afterPick, currentStep, demoData, stepOf, tileButton, tilesFor } from './wizard.js';

// End to end against npm start's servers in Chromium: one test per end of the decision tree, enumerated from it.
jest.setTimeout(30_000);

let harness: Harness;
/**
 * Signed-in pages the ends are walked in, several at once: each walk starts from wherever the page's last one ended
 * (a pick in step 1 starts the wizard afresh), so a page serves one path at a time and then the next.
 */
const PAGES = 2;
/**
 * Jest starts up to five concurrent tests at once (its maxConcurrency) and times each from its start: a test's
 * budget covers the walks of the pages ahead of it in the queue as well as its own.
 */
const WALK_TIMEOUT_MS = 30_000 * Math.ceil(5 / PAGES);
const idle: OpenPage[] = [];
const waiting: Array<(opened: OpenPage) => void> = [];
let data: TreeContext;
let takeEmail: Set<string>;
/**
 * The hub records made for the test, each with one of the demo's bridges activated for it: a cloud hub, and an older
 * Pro hub, whose step offers the topics the newer model's hides (868 MHz, Bridge). They have no address, so the form
 * logs that it cannot reach them.
 */
let unreachable: string[];
/** The kinds of end whose page has been kept as a screenshot and checked by axe-core: once per kind is enough. */
const checked = new Set<string>();

beforeAll(async () => {
  harness = await startHarness('tree-ends');
  // The demo account owns the demo hub (a Pro hub of the newer model); hub records of its own, each with a bridge,
  // give the cloud hub's branches and the older Pro hub's, the bridge-specific ones among them.
  const hubs = [{ name: 'Cabin', platform: 'cloud', model: 'cloud' }, { name: 'Attic', platform: 'local', model: 'homey-pro' }];
  unreachable = await Promise.all(
    hubs.map(async (hub, index) => {
      const { _id } = await callAs<{ _id: string }>(harness, `${harness.servers.cloudUrl}/homey`, { method: 'POST', body: JSON.stringify(hub) });
      await callAs(harness, `${harness.servers.cloudUrl}/bridge/${DEMO_BRIDGE_SERIALS[index]}/activate`, { method: 'POST', body: JSON.stringify({ homeyId: _id }) });
      return _id;
    }),
  );
  ({ context: data, takeEmail } = await demoData(harness));
  // A profile each: the pages walk at once, and the form keeps its hub sessions in the profile's local storage.
  idle.push(...(await Promise.all(Array.from({ length: PAGES }, () => harness.openSignedIn({})))));
}, 180_000);

/** Runs `work` on a page of the pool once one is free. */
async function withPage<T>(work: (opened: OpenPage) => Promise<T>): Promise<T> {
  const opened = idle.pop() ?? (await new Promise<OpenPage>((resolve) => waiting.push(resolve)));
  try {
    return await work(opened);
  } finally {
    const next = waiting.shift();
    if (next) next(opened);
    else idle.push(opened);
  }
}

afterAll(() => harness?.close());

const paths = treePaths()
  .map((path, index) => ({ ...path, shot: `${String(index + 1).padStart(2, '0')}-${path.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}` }));

/** The demo hub, which answers, before the hub records made for the test. */
const reachableFirst = (tiles: TileView[]) => [...tiles].sort((a, b) => Number(unreachable.includes(a.choice?.data.hubId as string)) - Number(unreachable.includes(b.choice?.data.hubId as string)));

/**
 * Clicks along the path's picks; answers the tile of the last one. Of several tiles for a pick: a hub that shows
 * the tiles the path picks later (some show only for some hubs), the demo hub if it does; an app whose developer
 * takes e-mail when the path ends at the e-mail form.
 */
async function walk(page: Page, { picks, ends }: TreePath): Promise<TileView> {
  let context = data;
  let tile: TileView | undefined;
  for (const [index, pick] of picks.entries()) {
    const later = picks.slice(index + 1).map((next) => next.only);
    const tiles = reachableFirst(tilesFor(pick, context)).filter((candidate) => later.every((only) => meets(only, afterPick(context, candidate).hub)));
    tile = (ends.includes('emailDeveloper') && tiles.find((candidate) => takeEmail.has(candidate.title))) || tiles[0];
    if (!tile) throw new Error(`The demo data has no tile for ${pick.key} in step ${pick.step} that leads on to ${picks.at(-1)!.key}`);
    await tileButton(page, pick.step, tile.title).click();
    context = afterPick(context, tile);
  }
  return tile!;
}

/** The knowledge base of the chosen branch: one link per article of its data, each opening in a new tab. */
async function expectArticles(page: Page, count: number): Promise<void> {
  const knowledgeBase = await currentStep(page, 'knowledgeBase');
  await knowledgeBase.locator('ul.articles[aria-busy="false"]').waitFor();
  // Read in one call: a call per link was a round trip to Chromium each, over seventy ends.
  const targets = await knowledgeBase.locator('ul.articles a').evaluateAll((links) => links.map((link) => link.getAttribute('target')));
  expect(targets).toEqual(Array.from({ length: count }, () => '_blank'));
}

async function expectTicket(page: Page): Promise<void> {
  const ticket = await currentStep(page, 'ticket');
  expect(await ticket.getByText('Expected response time: 1-2 weeks').isVisible()).toBe(true);
  expect(await ticket.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
}

describeInChromium('every end of the decision tree', () => {
  it.concurrent.each(paths)('when the user picks $name, then that end shows', (path) => withPage(async ({ page, problems }) => {
      const tile = await walk(page, path);
      const [end, then] = path.ends;
      switch (end) {
        case 'knowledgeBase':
          await expectArticles(page, tile.choice!.articles.length);
          if (then === 'community') {
            const community = stepOf(page, 'knowledgeBase').getByRole('region', { name: steps.community.question });
            expect(await community.getByRole('link', { name: 'Visit the Community' }).isVisible()).toBe(true);
          } else {
            expect(await stepOf(page, 'knowledgeBase').getByText('Still not found what you were looking for?').isVisible()).toBe(true);
            await stepOf(page, 'knowledgeBase').getByRole('button', { name: 'Contact Support' }).click();
            await expectTicket(page);
          }
          break;
        case 'community':
          expect(await (await currentStep(page, 'community')).getByRole('link', { name: 'Visit the Community' }).isVisible()).toBe(true);
          break;
        case 'ticket':
          await expectTicket(page);
          break;
        case 'contactDeveloper': {
          const developer = await currentStep(page, 'contactDeveloper');
          await developer.getByText(new RegExp(`^${tile.title} was created by a (verified|community) developer`)).waitFor();
          // The e-mail form follows only for a developer who takes e-mail.
          const sendEmail = developer.getByRole('button', { name: 'Send an E-mail' });
          if (takeEmail.has(tile.title)) {
            await sendEmail.click();
            await currentStep(page, then!);
          } else {
            expect(await sendEmail.count()).toBe(0);
          }
          break;
        }
        case 'apps':
          expect(await tileButton(page, 'apps', 'Other').isVisible()).toBe(true);
          break;
        default:
          throw new Error(`No check for an end at ${end}`);
      }
      if (end !== 'apps') expect(await page.getByText('Select one of the above options.').count()).toBe(0);
      const kind = path.ends.join('-');
      if (!checked.has(kind)) {
        checked.add(kind);
        await harness.screenshot(page, path.shot);
        expect(await seriousViolations(page)).toEqual([]);
      }
      expect(problems.filter((problem) => !unreachable.some((id) => problem.startsWith(`The hub ${id} could not be reached`)))).toEqual([]);
  }), WALK_TIMEOUT_MS);
});

describeInChromium('what the chosen hub reports', () => {
  /**
   * Step 1's Pro hub, its updates.getUpdates answered with these updates; resolves once the answer has been read and
   * the page has drawn twice since (the answer's render goes before, as a task of the page's), not after a fixed wait.
   */
  async function proHubWithUpdates(updates: unknown[]): Promise<Page> {
    const opened = await harness.openSignedIn();
    await opened.page.route('**/api/manager/updates/update', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(updates) }));
    const answered = opened.page.waitForEvent('requestfinished', (request) => request.url().endsWith('/api/manager/updates/update'));
    await tileButton(opened.page, 'category', data.hubs!.find((hub) => hub.platform === 'local' && !unreachable.includes(hub._id))!.name).click();
    await currentStep(opened.page, 'proHub');
    await answered;
    await opened.page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    return opened.page;
  }

  it('when the Pro hub has software updates waiting, then its step warns that the Pro software is out of date', async () => {
    const hubPage = await proHubWithUpdates([{ version: '99.0.0' }]);
    const warning = stepOf(hubPage, 'proHub').getByRole('alert');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(/^Pro software is out of date\. .*updat/i);
    await harness.screenshot(hubPage, 'pro-hub-out-of-date');
    expect(await seriousViolations(hubPage)).toEqual([]);
  });

  it('when the Pro hub has no updates waiting, then its step shows no warning', async () => {
    const hubPage = await proHubWithUpdates([]);
    expect(await stepOf(hubPage, 'proHub').getByText('Pro software is out of date.').count()).toBe(0);
  });
});
