import request from 'supertest';
import type { Response } from 'supertest';
import { SECRET, startApps, type AppsFixture, type TestUser } from './testing/apps-fixture.js';
import { invitedMember, organization, publishedBuild, validBuild } from './testing/flows.js';

/**
 * Every operation of the apps service, each for success and for 400, 401, 403 (a caller of the wrong role) and
 * 404, on one service. A status that cannot happen to an operation says why (`no: ...`).
 */
type Who = 'public' | 'secret' | 'dev' | 'member' | 'stranger' | 'reviewer' | 'admin' | 'user';
type Method = 'get' | 'post' | 'put' | 'delete';
type Ids = Record<string, string>;

interface Row {
  op: string;
  method: Method;
  path: string;
  as: Who;
  query?: Record<string, unknown>;
  body?: unknown;
  status?: number;
  check?: (res: Response, ids: Ids) => void;
  /** Makes what the call changes, when it is not to change the shared fixture: ids for the path. */
  prepare?: () => Promise<Ids>;
  /** Who gets 403, or why no caller can. */
  wrong: Who | { no: string };
  /** What makes it a 400: path ids, query or body replaced. */
  bad: { ids?: Ids; query?: Record<string, unknown>; body?: unknown };
  /** Path ids that name nothing (404), or why nothing can be missing. */
  missing: Ids | { no: string };
}

const APP = 'com.test.plugs';
const NOPE = { app: 'com.test.nope' };
const noBody = { no: 'the call names no record' };
const everyone = { no: 'every signed-in user may call it' };
const open = { no: 'public: no token, no role' };

describe('cloud apps service: every operation, for success, 400, 401, 403 and 404', () => {
  let store: AppsFixture;
  const users = {} as Record<Exclude<Who, 'public' | 'secret'>, TestUser>;
  const ids: Record<string, string> = { app: APP };
  let counter = 0;
  const nextVersion = () => `2.${++counter}.0`;

  beforeAll(async () => {
    store = await startApps();
    users.dev = await store.user();
    users.member = await store.user();
    users.stranger = await store.user();
    users.reviewer = await store.user(['app_reviewer']);
    users.admin = await store.user(['admin']);
    users.user = await store.user();
    ids.b1 = String((await publishedBuild(store, users.dev, users.reviewer, APP, '1.0.0')).buildId);
    const b2 = await validBuild(store, users.dev, APP, '1.1.0');
    ids.b2 = String(b2.buildId);
    ids.org = await organization(store, users.dev, users.member);
    await store.api().post(`/app/${APP}/transfer-to-organization`).set(users.dev.auth).send({ orgId: ids.org }).expect(200);
    ids.memberId = users.member.id;
    ids.userId = users.user.id;
    await store.api().put(`/app/${APP}/review`).set(users.user.auth).send({ rating: 4, comment: 'Good' }).expect(200);
    ids.crash = (await store.api().post(`/app/${APP}/crash`).set(users.user.auth).send({ appVersion: '1.0.0', homeyId: 'hub-1', homeyVersion: '12.2.0', stack: 'Error: boom' }).expect(200)).body.id;
  }, 30_000);
  afterAll(() => store.stop());

  /** A build of APP in review, for the review's verdicts. */
  const inReview = async () => {
    const { buildId } = await validBuild(store, users.dev, APP, nextVersion());
    await store.api().post(`/app/${APP}/build/${buildId}/submission`).set(users.dev.auth).send({}).expect(200);
    return { b: String(buildId) };
  };
  /** A new app of dev's, outside the organization. */
  const ownApp = async () => {
    const app = `com.test.own${++counter}`;
    await validBuild(store, users.dev, app, '1.0.0', undefined);
    return { app };
  };

  const rows: Row[] = [
    { op: 'getApps', method: 'get', path: '/app', as: 'public', query: { category: 'appliances' }, check: (r) => expect(r.body.map((a: { id: string }) => a.id)).toEqual([APP]), wrong: open, bad: { query: { page: 0 } }, missing: noBody },
    { op: 'searchApps', method: 'get', path: '/app/search', as: 'public', query: { query: 'plugs', homeyVersion: '12.2.0', homeyPlatform: 'local' }, check: (r) => expect(r.body[0].id).toBe(APP), wrong: open, bad: { query: { query: '' } }, missing: noBody },
    { op: 'searchAppsBy433MhzSignal', method: 'get', path: '/app/search-signal-rf433', as: 'public', body: { recordings: [[340, 1000, 360, 1100, 1000, 330, 900]] }, check: (r) => expect(r.body[0].drivers).toEqual([{ id: 'chime', name: 'Chime' }]), wrong: open, bad: { body: { recordings: [] } }, missing: noBody },
    { op: 'searchZigbeeDriver', method: 'post', path: '/app/search-zigbee-driver', as: 'public', body: { manufacturerName: '_TZ3000_test', productId: 'TS011F', homeyVersion: '12.1.0' }, check: (r) => expect(r.body[0]).toMatchObject({ app: { id: APP }, drivers: [{ id: 'plug', name: 'Plug' }] }), wrong: open, bad: { body: {} }, missing: noBody },
    { op: 'searchZwaveDriver', method: 'post', path: '/app/search-zwave-driver', as: 'public', body: { manufacturerId: 271, productTypeId: 1538 }, check: (r) => expect(r.body[0].app.id).toBe('com.example.nightlight'), wrong: open, bad: { body: { manufacturerId: -1 } }, missing: noBody },
    { op: 'searchMatterDriver', method: 'post', path: '/app/search-matter-driver', as: 'public', body: { vendorId: 4447, productId: 32768 }, check: (r) => expect(r.body[0].app.id).toBe('com.example.weatherstation'), wrong: open, bad: { body: { productId: 1 } }, missing: noBody },
    { op: 'browseApps', method: 'get', path: '/app/browse', as: 'public', query: { 'connectivity[]': 'zigbee', 'features[]': 'flow' }, check: (r) => {
      const found = r.body.apps.map((a: { id: string }) => a.id);
      expect(found).toContain(APP);
      expect(found).not.toContain('com.example.doorbell');
    }, wrong: open, bad: { query: { limit: 1000 } }, missing: noBody },
    { op: 'syncApps', method: 'post', path: '/app/sync', as: 'reviewer', check: (r) => expect(r.body.synced).toBe(7), wrong: 'dev', bad: { query: { nope: 1 } }, missing: noBody },
    { op: 'getAppsSummary', method: 'get', path: '/app/summary', as: 'secret', check: (r) => expect(r.body).toMatchObject({ apps: 8, liveApps: 7, inReview: 0 }), wrong: 'secret', bad: { query: { secret: '' } }, missing: noBody },
    { op: 'getHighlightedApps', method: 'get', path: '/app/highlight', as: 'public', query: { platforms: 'cloud' }, check: (r) => expect(r.body.map((a: { id: string }) => a.id)).toEqual(['com.example.nightlight']), wrong: open, bad: { query: { platforms: 'moon' } }, missing: noBody },
    { op: 'getHighlightedAppsV2', method: 'get', path: '/app/highlight2', as: 'public', query: { 'tags[]': 'new' }, check: (r) => expect(r.body.map((s: { tag: string; apps: Array<{ id: string }> }) => [s.tag, s.apps.map((a) => a.id)])).toEqual([['new', [APP, 'com.example.weatherstation']]]), wrong: open, bad: { query: { 'tags[]': 'old' } }, missing: noBody },
    { op: 'getMyApps', method: 'get', path: '/app/me', as: 'member', check: (r) => expect(r.body.map((a: { id: string }) => a.id)).toEqual([APP]), wrong: everyone, bad: { query: { nope: 1 } }, missing: noBody },
    { op: 'getAllLiveAppIDs', method: 'get', path: '/app/ids', as: 'public', query: { limit: 2 }, check: (r) => expect(r.body).toEqual(['com.example.crashtest', 'com.example.doorbell']), wrong: open, bad: { query: { limit: 0 } }, missing: noBody },
    { op: 'getAllLiveApps', method: 'get', path: '/app/all', as: 'public', query: { language: 'nl' }, check: (r) => expect(r.body.find((a: { id: string }) => a.id === APP).name).toBe('Testpluggen'), wrong: open, bad: { query: { language: 'dutch' } }, missing: noBody },
    { op: 'getReviewApps', method: 'get', path: '/app/review', as: 'reviewer', prepare: inReview, check: (r, p) => expect(r.body.at(-1)).toMatchObject({ appId: APP, build: { id: String(p.b), state: 'in_review' } }), wrong: 'dev', bad: { query: { offset: -1 } }, missing: noBody },
    { op: 'getApp', method: 'get', path: '/app/:app', as: 'public', check: (r) => expect(r.body.liveBuild).toMatchObject({ version: '1.0.0', name: { en: 'Test plugs' } }), wrong: open, bad: { ids: { app: 'Bad_Id' } }, missing: NOPE },
    { op: 'deleteApp', method: 'delete', path: '/app/:app', as: 'reviewer', status: 204, prepare: ownApp, wrong: 'dev', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getAppSettings', method: 'get', path: '/app/:app/settings', as: 'member', check: (r) => expect(r.body).toEqual({ sendEmailCrash: true, sendEmailSuggestion: true, sendEmailThanks: true }), wrong: 'stranger', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'updateAppSettings', method: 'put', path: '/app/:app/settings', as: 'dev', body: { sendEmailThanks: false }, check: (r) => expect(r.body.sendEmailThanks).toBe(false), wrong: 'user', bad: { body: { sendEmailThanks: 'no' } }, missing: NOPE },
    { op: 'getAppChangelog', method: 'get', path: '/app/:app/changelog', as: 'public', check: (r) => expect(r.body).toEqual([expect.objectContaining({ version: '1.0.0', changelog: { en: 'Version 1.0.0' } })]), wrong: open, bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'updateAppAuthor', method: 'put', path: '/app/:app/author', as: 'admin', prepare: ownApp, body: () => ({ userId: users.member.id }), check: (r) => expect(r.body.authorId).toBe(users.member.id), wrong: 'member', bad: { body: { userId: 'me' } }, missing: NOPE },
    { op: 'transferAppToOrganization', method: 'post', path: '/app/:app/transfer-to-organization', as: 'dev', prepare: ownApp, body: () => ({ orgId: ids.org }), check: (r) => expect(r.body.organizationId).toBe(ids.org), wrong: 'stranger', bad: { body: {} }, missing: NOPE },
    { op: 'getAppIcon', method: 'get', path: '/app/:app/icon', as: 'public', check: (r) => expect(String(r.body)).toContain('<circle'), wrong: open, bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getAppInstall', method: 'get', path: '/app/:app/install', as: 'secret', query: { channel: 'beta' }, check: (r) => expect(r.body).toMatchObject({ appId: APP, version: '1.0.0', channel: 'stable', sdk: 3 }), wrong: 'secret', bad: { query: { secret: '' } }, missing: NOPE },
    { op: 'getAppInstallStats', method: 'get', path: '/app/:app/install/stats', as: 'member', check: (r) => expect(r.body).toMatchObject({ total: 1, versions: [{ version: '1.0.0', count: 1 }], days: [{ day: '2026-11-20', count: 1 }] }), wrong: 'stranger', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getAppPageviews', method: 'get', path: '/app/:app/pageviews', as: 'dev', check: (r) => expect(r.body.total).toBeGreaterThan(0), wrong: 'user', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getAppDriversStats', method: 'get', path: '/app/:app/drivers/stats', as: 'dev', check: (r) => expect(r.body).toEqual({ items: [{ id: 'plug', homeys: 1, count: 3 }] }), wrong: 'user', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getAppFlowCardsStats', method: 'get', path: '/app/:app/flow-cards/stats', as: 'dev', check: (r) => expect(r.body).toEqual({ items: [{ id: 'switched', homeys: 1, count: 2 }] }), wrong: 'user', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getBuilds', method: 'get', path: '/app/:app/build', as: 'reviewer', check: (r) => expect(r.body.map((b: { version: string }) => b.version).slice(-2)).toEqual(['1.1.0', '1.0.0']), wrong: 'user', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'createBuild', method: 'post', path: '/app/:app/build', as: 'member', body: () => ({ version: nextVersion() }), check: (r) => expect(r.body.upload).toMatchObject({ method: 'PUT', maxSize: 32 * 1024 * 1024 }), wrong: 'stranger', bad: { body: { version: 'one' } }, missing: { no: 'a new app id creates the app: nothing is missing' } },
    { op: 'getBuild', method: 'get', path: '/app/:app/build/:b1', as: 'dev', check: (r) => expect(r.body).toMatchObject({ state: 'approved', channel: 'stable', archive: { state: 'valid' } }), wrong: 'user', bad: { ids: { b1: '0' } }, missing: { b1: '999' } },
    { op: 'getBuildMetrics', method: 'get', path: '/app/:app/build/:b1/metrics', as: 'dev', check: (r) => expect(r.body.package).toMatchObject({ drivers: 1, flowCards: 1 }), wrong: 'user', bad: { query: { step: 1 } }, missing: { b1: '999' } },
    { op: 'getAgentReview', method: 'get', path: '/app/:app/build/:b1/agent-review', as: 'reviewer', check: (r) => expect(r.body.verdict).toBe('pass'), wrong: 'stranger', bad: { ids: { b1: 'one' } }, missing: { b1: '999' } },
    { op: 'retryAgentReview', method: 'post', path: '/app/:app/build/:b1/agent-review/retry', as: 'dev', check: (r) => expect(r.body.checkedAt).toBe(new Date(store.clock.now()).toISOString()), wrong: 'stranger', bad: { ids: { b1: 'one' } }, missing: { b1: '999' } },
    { op: 'getCrashes', method: 'get', path: '/app/:app/build/:b1/crash', as: 'member', check: (r) => expect(r.body[0]).toMatchObject({ stack: 'Error: boom', homeyId: 'hub-1' }), wrong: 'user', bad: { query: { limit: 0 } }, missing: { b1: '999' } },
    { op: 'getCrashesStats', method: 'get', path: '/app/:app/build/:b1/crash/stats', as: 'dev', check: (r) => expect(r.body).toMatchObject({ homeys: 1, stacks: [{ message: 'Error: boom' }] }), wrong: 'user', bad: { ids: { b1: 'x' } }, missing: { b1: '999' } },
    { op: 'updateBuildChannel', method: 'post', path: '/app/:app/build/:b2/channel', as: 'dev', body: { channel: 'alpha' }, check: (r) => expect(r.body.channel).toBe('alpha'), wrong: 'user', bad: { body: { channel: 'nightly' } }, missing: { b2: '999' } },
    { op: 'createSubmission', method: 'post', path: '/app/:app/build/:b2/submission', as: 'dev', body: { autoRelease: false }, check: (r) => expect(r.body.submission).toMatchObject({ state: 'in_review', autoRelease: false }), wrong: 'reviewer', bad: { body: { autoRelease: 'yes' } }, missing: { b2: '999' } },
    { op: 'getSubmissionComments', method: 'get', path: '/app/:app/build/:b2/submission/comment', as: 'member', check: (r) => expect(r.body).toEqual([]), wrong: 'user', bad: { ids: { b2: 'x' } }, missing: { b2: '999' } },
    { op: 'createSubmissionComment', method: 'post', path: '/app/:app/build/:b2/submission/comment', as: 'reviewer', body: { text: 'Looks fine' }, check: (r) => expect(r.body[0]).toMatchObject({ text: 'Looks fine', reviewer: true }), wrong: 'user', bad: { body: { text: '' } }, missing: { b2: '999' } },
    { op: 'retractSubmission', method: 'post', path: '/app/:app/build/:b2/submission/retract', as: 'dev', check: (r) => expect(r.body).toMatchObject({ state: 'draft', submission: { state: 'retracted' } }), wrong: 'reviewer', bad: { ids: { b2: 'x' } }, missing: { b2: '999' } },
    { op: 'approveSubmission', method: 'post', path: '/app/:app/build/:b/submission/approve', as: 'reviewer', prepare: inReview, check: (r) => expect(r.body).toMatchObject({ state: 'approved', channel: 'beta' }), wrong: 'dev', bad: { ids: { b: 'x' } }, missing: { b: '999' } },
    { op: 'rejectSubmission', method: 'post', path: '/app/:app/build/:b/submission/reject', as: 'admin', prepare: inReview, body: { comment: 'Crashes on pairing' }, check: (r) => expect(r.body).toMatchObject({ state: 'rejected', channel: null }), wrong: 'member', bad: { body: { comment: '' } }, missing: { b: '999' } },
    { op: 'getReviews', method: 'get', path: '/app/:app/review', as: 'public', check: (r) => expect(r.body).toEqual([expect.objectContaining({ userId: users.user.id, rating: 4 })]), wrong: open, bad: { query: { limit: 0 } }, missing: NOPE },
    { op: 'updateReview', method: 'put', path: '/app/:app/review', as: 'user', body: { rating: 5, comment: 'Great' }, check: (r) => expect(r.body).toMatchObject({ rating: 5, version: '1.0.0' }), wrong: 'member', bad: { body: { rating: 6 } }, missing: NOPE },
    { op: 'deleteReview', method: 'delete', path: '/app/:app/review', as: 'stranger', status: 204, prepare: async () => (await store.api().put(`/app/${APP}/review`).set(users.stranger.auth).send({ rating: 1 }).expect(200), {}), wrong: everyone, bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getThanks', method: 'get', path: '/app/:app/thanks', as: 'dev', check: (r) => expect(r.body.count).toBe(0), wrong: 'user', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'sayThanks', method: 'put', path: '/app/:app/thanks', as: 'user', check: (r) => expect(r.body).toEqual({ count: 1 }), wrong: everyone, bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'getReviewsStats', method: 'get', path: '/app/:app/review/stats', as: 'public', check: (r) => expect(r.body).toMatchObject({ count: 1, average: 5 }), wrong: open, bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'updateReviewResponse', method: 'put', path: '/app/:app/review/:userId/response', as: 'member', body: { response: 'Thanks!' }, check: (r) => expect(r.body.response.text).toBe('Thanks!'), wrong: 'user', bad: { body: { response: '' } }, missing: { userId: 'ffffffffffffffffffffffff' } },
    { op: 'deleteReviewResponse', method: 'delete', path: '/app/:app/review/:userId/response', as: 'dev', status: 204, wrong: 'user', bad: { ids: { userId: 'x' } }, missing: { userId: 'ffffffffffffffffffffffff' } },
    { op: 'deleteAllReviews', method: 'delete', path: '/app/:app/review/all', as: 'admin', status: 204, prepare: ownApp, wrong: 'dev', bad: { ids: { app: 'x' } }, missing: NOPE },
    { op: 'createCrash', method: 'post', path: '/app/:app/crash', as: 'user', body: { appVersion: '1.0.0', homeyId: 'hub-2', homeyVersion: '12.2.0', stack: 'TypeError: x' }, check: (r) => expect(r.body).toMatchObject({ buildId: String(ids.b1), reply: null }), wrong: everyone, bad: { body: { appVersion: '1.0.0' } }, missing: NOPE },
    { op: 'replyToCrash', method: 'post', path: '/app/crash/:crash/reply', as: 'dev', body: { subject: 'Fixed', body: 'Update to 1.1.0' }, check: (r) => expect(r.body.reply).toMatchObject({ subject: 'Fixed', from: users.dev.name }), wrong: 'user', bad: { body: { subject: 'Fixed' } }, missing: { crash: 'ffffffffffffffffffffffff' } },
    { op: 'discoverApps', method: 'post', path: '/discover', as: 'public', body: { 'mdns-sd': ['_weatherstation._tcp.local'] }, check: (r) => expect(r.body.map((a: { id: string }) => a.id)).toEqual(['com.example.weatherstation']), wrong: open, bad: { body: { mac: ['nope'] } }, missing: noBody },
    { op: 'getAppSuggestions', method: 'get', path: '/app/:app/suggestion', as: 'dev', check: (r) => expect(r.body).toEqual([]), wrong: 'user', bad: { query: { length: 0 } }, missing: NOPE },
    { op: 'createAppSuggestion', method: 'post', path: '/app/:app/suggestion', as: 'user', body: { suggestionText: 'A timer card' }, check: (r) => expect(r.body).toMatchObject({ text: 'A timer card', userId: users.user.id }), wrong: everyone, bad: { body: { suggestionText: '' } }, missing: NOPE },
    { op: 'updateArchive', method: 'put', path: '/archive/:archive', as: 'dev', prepare: async () => ({ archive: (await store.api().post(`/app/${APP}/build`).set(users.dev.auth).send({ version: nextVersion() }).expect(200)).body.upload.archiveId }), body: { state: 'failed', error: 'Upload cancelled' }, check: (r) => expect(r.body).toMatchObject({ state: 'failed', error: 'Upload cancelled' }), wrong: 'user', bad: { body: { state: 'done' } }, missing: { archive: 'ffffffffffffffffffffffff' } },
    { op: 'getMyOrganizations', method: 'get', path: '/org', as: 'member', check: (r) => expect(r.body.map((o: { id: string }) => o.id)).toEqual([ids.org]), wrong: everyone, bad: { query: { nope: 1 } }, missing: noBody },
    { op: 'createOrganization', method: 'post', path: '/org', as: 'stranger', body: { name: 'Strangers' }, check: (r) => expect(r.body.members).toEqual([{ userId: users.stranger.id, name: users.stranger.name, role: 'owner' }]), wrong: everyone, bad: { body: { name: '' } }, missing: noBody },
    { op: 'getOrganization', method: 'get', path: '/org/:org', as: 'member', check: (r) => expect(r.body).toMatchObject({ apps: expect.arrayContaining([APP]), invites: [] }), wrong: { no: 'a stranger gets 404: organizations are private to their members' }, bad: { ids: { org: 'x' } }, missing: { org: 'ffffffffffffffffffffffff' } },
    { op: 'deleteOrganization', method: 'delete', path: '/org/:org', as: 'dev', status: 204, prepare: async () => ({ org: await organization(store, users.dev, users.member, 'admin') }), wrong: 'member', bad: { ids: { org: 'x' } }, missing: { org: 'ffffffffffffffffffffffff' } },
    { op: 'updateOrganizationName', method: 'put', path: '/org/:org/name', as: 'dev', body: { name: 'Plug makers' }, check: (r) => expect(r.body.name).toBe('Plug makers'), wrong: 'member', bad: { body: { name: '' } }, missing: { org: 'ffffffffffffffffffffffff' } },
    { op: 'inviteMemberToOrganization', method: 'post', path: '/org/:org/member', as: 'dev', body: { email: 'new@example.com', role: 'admin' }, check: (r) => expect(r.body.invites).toEqual([expect.objectContaining({ email: 'new@example.com', role: 'admin' })]), wrong: 'member', bad: { body: { email: 'nope' } }, missing: { org: 'ffffffffffffffffffffffff' } },
    { op: 'acceptMemberInviteToOrganization', method: 'post', path: '/org/:org/member/accept', as: 'user', prepare: async () => {
      await store.api().post(`/org/${ids.org}/member`).set(users.dev.auth).send({ email: users.user.email }).expect(200);
      ids.invite = store.mails.filter((m) => m.to === users.user.email).at(-1)!.text.trim().split('\n').at(-1)!;
      return {};
    }, body: () => ({ inviteToken: ids.invite }), check: (r) => expect(r.body.members).toContainEqual({ userId: users.user.id, name: users.user.name, role: 'developer' }), wrong: everyone, bad: { body: {} }, missing: { org: 'ffffffffffffffffffffffff' } },
    { op: 'updateMemberRoleInOrganization', method: 'put', path: '/org/:org/member/:memberId/role', as: 'dev', body: { role: 'admin' }, check: (r) => expect(r.body.members).toContainEqual({ userId: users.member.id, name: users.member.name, role: 'admin' }), wrong: 'user', bad: { body: { role: 'king' } }, missing: { memberId: 'ffffffffffffffffffffffff' } },
    { op: 'removeMemberFromOrganization', method: 'delete', path: '/org/:org/member/:memberId', as: 'dev', status: 204, prepare: async () => {
      const extra = await store.user();
      await invitedMember(store, users.dev, ids.org!, extra);
      return { memberId: extra.id };
    }, wrong: 'user', bad: { ids: { memberId: 'x' } }, missing: { memberId: 'ffffffffffffffffffffffff' } },
  ];

  const send = (row: Row, who: Who | null, over: { ids?: Ids; query?: Record<string, unknown>; body?: unknown } = {}, wrongSecret = false) => {
    const all = { ...ids, ...over.ids };
    const path = row.path.replace(/:(\w+)/g, (_, name: string) => all[name]!);
    let req = store.api()[row.method](path);
    req = req.query({ ...(row.as === 'secret' ? { secret: wrongSecret ? 'wrong' : SECRET } : {}), ...(over.query ?? row.query) });
    if (who && who !== 'public' && who !== 'secret') req = req.set(users[who].auth);
    const body = 'body' in over ? over.body : typeof row.body === 'function' ? (row.body as () => unknown)() : row.body;
    return body === undefined ? req : req.send(body as object);
  };

  beforeAll(async () => {
    // What the statistics rows count: an install by a hub (its package downloaded), a report of its use.
    const { body: install } = await store.api().get(`/app/${APP}/install`).query({ secret: SECRET }).expect(200);
    const { pathname, search } = new URL(install.url);
    await request(store.url).get(`${pathname}${search}`).expect(200);
    await store.api().post(`/app/${APP}/usage`).query({ secret: SECRET }).send({ homeyId: 'hub-1', drivers: { plug: 3 }, flowCards: { switched: 2 } }).expect(204);
  });

  it.each(rows.map((row) => [row.op, row] as const))('%s', async (_op, row) => {
    const prepared = row.prepare ? await row.prepare() : {};
    const at = { ids: prepared };
    // 400: the contract refuses the input (a malformed id, a bad query or body).
    const bad = await send(row, row.as, { ids: { ...prepared, ...row.bad.ids }, query: row.bad.query, ...('body' in row.bad ? { body: row.bad.body } : {}) });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_request']);
    // 401: no token where one is needed.
    if (row.as !== 'public' && row.as !== 'secret') expect((await send(row, null, at)).status).toBe(401);
    // 403: the wrong role (or the wrong secret).
    if (typeof row.wrong === 'string') {
      const refused = await send(row, row.wrong, at, row.wrong === 'secret');
      expect([refused.status, refused.body.error]).toEqual([403, 'forbidden']);
    }
    // 404: a record that does not exist.
    if (!('no' in row.missing)) {
      const missing = await send(row, row.as, { ids: { ...prepared, ...row.missing } });
      expect([missing.status, missing.body.error]).toEqual([404, 'not_found']);
    }
    const res = await send(row, row.as, at);
    expect([res.status, res.body?.error_description]).toEqual([row.status ?? 200, undefined]);
    row.check?.(res, { ...ids, ...prepared });
  });
});
