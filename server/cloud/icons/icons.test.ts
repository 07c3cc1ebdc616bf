import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { CloudAPI } from '../../../client/cloud/cloud-api.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { APP, PASSWORD, startTestAccount, type TestAccount } from '../account/testing/test-account.js';
import { publicOnlyAgents } from '../outbound/agents.js';
import { fetchSvg, SVG_LIMIT } from './icons.js';
import { createIconsService, type IconsService } from './service.js';
import { UPLOADS_PER_HOUR } from './upload.js';

const CIRCLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#08f"/></svg>';
/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const buffer = Buffer.from(bytes);
  expect(buffer.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
};

describe('cloud icons service: getIcons, getIconAsBuffer, createIconFromSVG (and from a URL)', () => {
  let account: TestAccount;
  let icons: IconsService;
  let url: string;
  let auth: { Authorization: string };
  let files: Server;
  let filesUrl: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'icons-test-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    account = await startTestAccount();
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    icons = await createIconsService({ dataDir, databaseUrl: database?.url, validateResponses: true, development: true, fetchAllowList: ['127.0.0.1'] });
    url = await icons.listen(0);
    ({ auth } = await account.user('icons'));
    // Where createIconFromURL fetches from: a web server of SVG files.
    files = createServer((req, res) => {
      if (req.url === '/circle.svg') return void res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(CIRCLE);
      if (req.url === '/huge.svg') return void res.writeHead(200).end(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(SVG_LIMIT)}</svg>`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => files.close(resolve));
    await icons.close();
    await account.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when icons are searched, then homey-lib's device, zone and permission icons are found by the words of their id", async () => {
    const { body: lights } = await request(url).get('/icon').query({ query: 'device light' }).expect(200);
    expect(lights).toContainEqual({ id: 'device.light-bulb', set: 'device', name: 'light-bulb' });
    expect(lights.every((icon: { id: string }) => icon.id.startsWith('device.') && icon.id.includes('light'))).toBe(true);
    const { body: all } = await request(url).get('/icon').expect(200);
    expect(all.length).toBeGreaterThan(250);
    expect(new Set(all.map((icon: { set: string }) => icon.set))).toEqual(new Set(['device', 'zone', 'permission']));
    expect((await request(url).get('/icon').query({ query: 'no such icon' }).expect(200)).body).toEqual([]);
  });

  it('when an icon is asked with a size, then its bytes are a PNG of that size; an unknown id is a 404, a bad size a 400', async () => {
    const res = await request(url).get('/icon/zone.kitchen').query({ size: 64 }).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/png/);
    expect(pngSize(res.body)).toEqual([64, 64]);
    const standard = await request(url).get('/icon/device.light-bulb').expect(200);
    expect(pngSize(standard.body)).toEqual([32, 32]);
    expect((await request(url).get('/icon/device.nothing').expect(404)).body).toMatchObject({ error: 'not_found', statusCode: 404 });
    await request(url).get('/icon/device.light-bulb').query({ size: 0 }).expect(400);
    await request(url).get('/icon/..%2Fsecret').expect(400);
  });

  it('when an SVG is uploaded, with a token or without one, then it is served as a PNG by the id answered, the same SVG keeping its id', async () => {
    const { body } = await request(url).post('/icon').set(auth).set('Content-Type', 'image/svg+xml').send(CIRCLE).expect(200);
    expect((await request(url).post('/icon').set('Content-Type', 'image/svg+xml').send(CIRCLE).expect(200)).body).toEqual(body);
    expect(body.id).toMatch(/^[0-9a-f]{24}$/);
    expect((await request(url).post('/icon').set(auth).set('Content-Type', 'image/svg+xml').send(CIRCLE).expect(200)).body).toEqual(body);
    const png = await request(url).get(`/icon/${body.id}`).query({ size: 48 }).expect(200);
    expect(pngSize(png.body)).toEqual([48, 48]);
  });

  it('when the upload is no SVG, both or neither of body and url, or too large, then 400, 400, 400 and 413', async () => {
    const post = () => request(url).post('/icon').set(auth).set('Content-Type', 'image/svg+xml');
    expect((await post().send('not a drawing').expect(400)).body.error_description).toMatch(/not an SVG/);
    await post().query({ url: `${filesUrl}/circle.svg` }).send(CIRCLE).expect(400);
    await request(url).post('/icon').set(auth).expect(400);
    await post().send(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(SVG_LIMIT)}</svg>`).expect(413);
  });

  it('when an icon is made from a URL, then the service fetches the SVG there; an unreadable or too large file is refused', async () => {
    const fromSvg = (await request(url).post('/icon').set(auth).set('Content-Type', 'image/svg+xml').send(CIRCLE).expect(200)).body;
    expect((await request(url).post('/icon').set(auth).query({ url: `${filesUrl}/circle.svg` }).expect(200)).body).toEqual(fromSvg);
    await request(url).post('/icon').set(auth).query({ url: `${filesUrl}/missing.svg` }).expect(400);
    await request(url).post('/icon').set(auth).query({ url: `${filesUrl}/huge.svg` }).expect(413);
    await request(url).post('/icon').set(auth).query({ url: 'file:///etc/passwd' }).expect(400);
  });

  it('when a URL names an address that is not public and not allowed, then it is refused before anything is asked of it', async () => {
    let asked = 0;
    files.once('request', () => asked++);
    // A service without the test's allow-list: the same loopback file server is out of bounds.
    await expect(fetchSvg(`${filesUrl}/circle.svg`, publicOnlyAgents())).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('public address') });
    await expect(fetchSvg(`http://localhost:${new URL(filesUrl).port}/circle.svg`, publicOnlyAgents())).rejects.toMatchObject({ statusCode: 400 });
    expect(asked).toBe(0);
  });

  it("when the client library's icons service is used, then searching, uploading and getIconAsBuffer's bytes come typed", async () => {
    const cloud = new CloudAPI({ baseUrl: account.url, clientId: APP.id, clientSecret: APP.secret });
    const service = cloud.service('icons', url);
    const [first] = await service.getIcons({ query: 'zone home' });
    const bytes = await service.getIconAsBuffer({ iconId: first!.id, size: 24 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(pngSize(bytes)).toEqual([24, 24]);
    const { email } = await account.signUp();
    await cloud.authenticateWithPassword({ username: email, password: PASSWORD });
    const uploads = cloud.service('icons', url);
    const { id } = await uploads.createIconFromSVG({ svg: CIRCLE });
    expect(await uploads.createIconFromSVG({ url: `${filesUrl}/circle.svg` })).toEqual({ id });
    expect(pngSize(await uploads.getIconAsBuffer({ iconId: id, size: 16 }))).toEqual([16, 16]);
  });

  it('when the official AthomIconsAPI (homey-api 3.20.0) reads and uploads an icon, then its bytes and its stream are the PNG, and its upload (which sends no token) is stored', async () => {
    // homey-api's type declarations leave AthomIconsAPI out; the package exports it.
    const { AthomIconsAPI } = createRequire(__filename)('homey-api') as { AthomIconsAPI: new (options: { baseUrl: string }) => unknown };
    const official = new AthomIconsAPI({ baseUrl: url }) as {
      getIconAsBuffer(args: { iconId: string; size?: number }): Promise<Buffer>;
      getIconAsStream(args: { iconId: string }): Promise<AsyncIterable<Uint8Array>>;
      createIconFromSVG(args: { svg: string }): Promise<unknown>;
    };
    expect(pngSize(await official.getIconAsBuffer({ iconId: 'device.light-bulb', size: 48 }))).toEqual([48, 48]);
    const chunks: Uint8Array[] = [];
    for await (const chunk of await official.getIconAsStream({ iconId: 'zone.kitchen' })) chunks.push(chunk);
    expect(pngSize(Buffer.concat(chunks))).toEqual([32, 32]);
    const { id } = (await official.createIconFromSVG({ svg: CIRCLE })) as { id: string };
    expect(pngSize(await official.getIconAsBuffer({ iconId: id, size: 24 }))).toEqual([24, 24]);
  });

  // Last: the uploads of the tests before count against the same address.
  it(`when one address uploads more than ${UPLOADS_PER_HOUR} icons in an hour, then the next is a 429 with Retry-After`, async () => {
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let n = 0; n <= UPLOADS_PER_HOUR && !refused; n++) {
      const answer = await request(url).post('/icon').set('Content-Type', 'image/svg+xml').send(CIRCLE);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(refused?.body).toMatchObject({ error: 'too_many_requests', statusCode: 429 });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
