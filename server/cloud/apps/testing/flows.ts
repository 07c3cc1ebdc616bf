import { createHash } from 'node:crypto';
import type { AppsFixture, TestUser } from './apps-fixture.js';
import { appJson, makePackage } from './packages.js';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the flows need of a service: supertest on its API's base path. */
type Api = Pick<AppsFixture, 'api'>;

/** Sends a package to a signed upload URL (a path of the service with its query). */
export function upload(store: Api, url: string, bytes: Buffer) {
  const { pathname, search } = new URL(url);
  return store.api().put(`${pathname.replace(/^\/api\/v1/, '')}${search}`).set('Content-Type', 'application/gzip').send(bytes);
}

/** A build through the API, its package (with any more `files`) uploaded and checked: the build's number and archive. */
export async function validBuild(store: Api, dev: TestUser, appId: string, version: string, manifest = appJson(appId, version), files: Record<string, string> = {}) {
  const { body } = await store.api().post(`/app/${appId}/build`).set(dev.auth).send({ version, changelog: { en: `Version ${version}` } }).expect(200);
  const bytes = await makePackage(manifest, files);
  await upload(store, body.upload.url, bytes).expect(200);
  await store.api().put(`/archive/${body.upload.archiveId}`).set(dev.auth).send({ state: 'uploaded', hash: sha256(bytes), size: bytes.length }).expect(200);
  return { buildId: body.build.id as string, archiveId: body.upload.archiveId as string };
}

/** A valid build submitted and approved: on stable with autoRelease, else on beta. */
export async function publishedBuild(store: Api, dev: TestUser, reviewer: TestUser, appId: string, version: string, autoRelease = true, manifest?: Record<string, unknown>, files?: Record<string, string>) {
  const build = await validBuild(store, dev, appId, version, manifest, files);
  await store.api().post(`/app/${appId}/build/${build.buildId}/submission`).set(dev.auth).send({ autoRelease }).expect(200);
  await store.api().post(`/app/${appId}/build/${build.buildId}/submission/approve`).set(reviewer.auth).expect(200);
  return build;
}

/** An organization of `owner` with `member` in it (invited by mail, accepted with the mailed token). */
export async function organization(store: AppsFixture, owner: TestUser, member?: TestUser, role = 'developer') {
  const { body } = await store.api().post('/org').set(owner.auth).send({ name: 'Team' }).expect(200);
  if (member) await invitedMember(store, owner, body.id, member, role);
  return body.id as string;
}

export async function invitedMember(store: AppsFixture, owner: TestUser, orgId: string, member: TestUser, role = 'developer') {
  await store.api().post(`/org/${orgId}/member`).set(owner.auth).send({ email: member.email, role }).expect(200);
  const mail = store.mails.filter((m) => m.to === member.email).at(-1)!;
  const inviteToken = mail.text.trim().split('\n').at(-1)!;
  await store.api().post(`/org/${orgId}/member/accept`).set(member.auth).send({ inviteToken }).expect(200);
  return inviteToken;
}
