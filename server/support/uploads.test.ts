import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { FakeClock } from '../http/clock.js';
import { startTestSupport, type TestSupport } from './testing.js';
import { MAX_PENDING_BYTES, MAX_PENDING_UPLOADS } from './upload-quota.js';
import { MAX_UPLOAD_BYTES, UPLOAD_TTL_MS } from './uploads.js';

/** Sends `total` bytes as a chunked body, made as they are asked for; tells the status and how many were made. */
function streamUpload(url: string, token: string, total: number, headers: Record<string, string> = {}): Promise<{ status: number; made: number; body: string }> {
  return new Promise((resolve, reject) => {
    let made = 0;
    let status = 0;
    let body = '';
    const chunk = Buffer.alloc(64 * 1024, 7);
    const req = httpRequest(`${url}/api/zendesk/attachment?filename=big.bin&mimetype=application/octet-stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream', ...headers },
    });
    const done = () => resolve({ status, made, body });
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (data: Buffer) => (body += data.toString()));
      res.on('end', done);
    });
    req.on('error', () => (status ? undefined : reject(new Error(`cut after ${made} bytes without an answer`))));
    const write = () => {
      while (made < total && !req.destroyed) {
        const next = chunk.subarray(0, Math.min(chunk.length, total - made));
        made += next.length;
        if (!req.write(next)) return void req.once('drain', write);
      }
      if (!req.destroyed) req.end();
    };
    if (headers['Content-Length']) req.write(chunk, () => void (made = chunk.length));
    else write();
  });
}

describe('support back end: createAttachment and deleteAttachment', () => {
  let support: TestSupport;
  let anna: { token: string; auth: { Authorization: string } };
  const clock = new FakeClock(Date.parse('2026-11-23T10:00:00.000Z'));
  const upload = (auth: Record<string, string>, bytes: Buffer | string, query = 'filename=notes.txt&mimetype=text/plain') =>
    support.http().post(`/api/zendesk/attachment?${query}`).set(auth).set('Content-Type', 'text/plain').send(bytes);
  const files = () => readdirSync(path.join(support.dataDir, 'uploads'));

  beforeAll(async () => {
    support = await startTestSupport({ clock });
    anna = await support.user();
  });
  afterAll(() => support.stop());

  it('when a customer uploads a file, then its bytes are kept on disk under the answered token', async () => {
    const { body } = await upload(anna.auth, 'The hub blinks red twice.').expect(200);
    expect(body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), filename: 'notes.txt', mimetype: 'text/plain', size: 25, createdAt: '2026-11-23T10:00:00.000Z' });
    expect(readFileSync(path.join(support.dataDir, 'uploads', body.token), 'utf8')).toBe('The hub blinks red twice.');
  });

  it('when the file name or media type is missing or bad, or a query parameter is unknown, then 400', async () => {
    await upload(anna.auth, 'x', 'mimetype=text/plain').expect(400);
    await upload(anna.auth, 'x', 'filename=a.txt&mimetype=not a type').expect(400);
    await upload(anna.auth, 'x', 'filename=a.txt&mimetype=text/plain&extra=1').expect(400);
  });

  it('when no token or an unknown token comes, then 401 and nothing is kept', async () => {
    const before = files().length;
    await upload({}, 'secret').expect(401);
    await upload({ Authorization: 'Bearer nope' }, 'secret').expect(401);
    expect(files().length).toBe(before);
  });

  it('when a 60 MB upload comes with an unknown token, then 401 comes and the rest of the body is cut, not read', async () => {
    const result = await streamUpload(support.url, 'not-a-token', 60_000_000);
    expect(result.status).toBe(401);
    expect(result.made).toBeLessThan(20_000_000);
  }, 30_000);

  it('when a 60 MB upload says its length, then 413 comes before its body is sent', async () => {
    const result = await streamUpload(support.url, anna.token, 60_000_000, { 'Content-Length': '60000000' });
    expect(result.status).toBe(413);
    expect(result.made).toBe(64 * 1024);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'payload_too_large', statusCode: 413 });
  });

  it('when a 60 MB upload streams without a length, then 413 comes as the limit passes, the rest is never read and nothing is kept', async () => {
    const before = files().length;
    const rows = await support.support.db.selectFrom('uploads').select('token').execute();
    const result = await streamUpload(support.url, anna.token, 60_000_000);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error_description).toMatch(/50MB/);
    // The connection is cut at the limit: what the client made beyond it is at most what the sockets buffered.
    expect(result.made).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(result.made).toBeLessThan(MAX_UPLOAD_BYTES + 8 * 1024 * 1024);
    expect(files().length).toBe(before);
    expect(await support.support.db.selectFrom('uploads').select('token').execute()).toEqual(rows);
  }, 30_000);

  it('when an upload is exactly 50,000,000 bytes, then it is kept whole', async () => {
    const result = await streamUpload(support.url, anna.token, MAX_UPLOAD_BYTES);
    expect(result.status).toBe(200);
    const { token, size } = JSON.parse(result.body);
    expect(size).toBe(MAX_UPLOAD_BYTES);
    const file = path.join(support.dataDir, 'uploads', token);
    expect(statSync(file).size).toBe(MAX_UPLOAD_BYTES);
    await support.http().delete(`/api/zendesk/attachment/${token}`).set(anna.auth).expect(204);
  }, 30_000);

  it("when deleting an upload, then another customer's is 404, one's own is gone with its file, and again is 404", async () => {
    const { body } = await upload(anna.auth, 'to remove').expect(200);
    const bert = await support.user();
    await support.http().delete(`/api/zendesk/attachment/${body.token}`).set(bert.auth).expect(404);
    await support.http().delete(`/api/zendesk/attachment/${body.token}`).set(anna.auth).expect(204);
    expect(existsSync(path.join(support.dataDir, 'uploads', body.token))).toBe(false);
    await support.http().delete(`/api/zendesk/attachment/${body.token}`).set(anna.auth).expect(404);
    await support.http().delete('/api/zendesk/attachment/short').set(anna.auth).expect(400);
  });

  it('when an upload waits more than a day for a ticket, then the next upload deletes it', async () => {
    const { body: old } = await upload(anna.auth, 'forgotten').expect(200);
    clock.set(clock.now() + UPLOAD_TTL_MS + 1);
    await upload(anna.auth, 'fresh').expect(200);
    expect(files()).not.toContain(old.token);
    await support.http().delete(`/api/zendesk/attachment/${old.token}`).set(anna.auth).expect(404);
  });
});

describe('support back end: what one customer may hold waiting for a ticket', () => {
  let support: TestSupport;
  const upload = (auth: Record<string, string>, bytes: Buffer, name: string) =>
    support.http().post(`/api/zendesk/attachment?filename=${name}&mimetype=application/octet-stream`).set(auth).set('Content-Type', 'application/octet-stream').send(bytes);
  const files = () => readdirSync(path.join(support.dataDir, 'uploads'));

  beforeAll(async () => {
    support = await startTestSupport();
  });
  afterAll(() => support.stop());

  it(`when one customer uploads 30 files of 2 MB, then ${MAX_PENDING_UPLOADS} are kept and the rest are refused with 429 before their bodies are read`, async () => {
    const anna = await support.user();
    const twoMegabytes = Buffer.alloc(2_000_000, 1);
    const statuses: number[] = [];
    let refusal: { body: Record<string, unknown> } | undefined;
    for (let i = 0; i < 30; i++) {
      const answer = await upload(anna.auth, twoMegabytes, `photo-${i}.jpg`);
      statuses.push(answer.status);
      if (answer.status === 429) refusal ??= answer;
    }
    expect(statuses).toEqual([...Array(MAX_PENDING_UPLOADS).fill(200), ...Array(30 - MAX_PENDING_UPLOADS).fill(429)]);
    expect(refusal!.body).toMatchObject({ error: 'too_many_requests', statusCode: 429 });
    expect(refusal!.body.error_description).toMatch(/12 attachments waiting for a ticket/);
    expect(files()).toHaveLength(MAX_PENDING_UPLOADS);

    // Another customer is not held back by Anna's, and a ticket that takes hers makes room again.
    const bert = await support.user();
    await upload(bert.auth, twoMegabytes, 'bert.jpg').expect(200);
    const tokens = (await support.support.db.selectFrom('uploads').select('token').where('user_id', '=', anna.id).execute()).map((row) => row.token);
    await support.http().post('/api/zendesk/ticket').set(anna.auth).send({ subject: 'Photos', message: 'Twelve photos of the blinking hub, as asked.', uploadTokens: tokens }).expect(200);
    await upload(anna.auth, twoMegabytes, 'one-more.jpg').expect(200);
  });

  it(`when one customer's waiting uploads would pass ${MAX_PENDING_BYTES / 1_000_000} MB, then 413, before the body when its length says so, and nothing more is kept`, async () => {
    const carl = await support.user();
    const full = MAX_PENDING_BYTES / MAX_UPLOAD_BYTES;
    for (let i = 0; i < full; i++) expect((await streamUpload(support.url, carl.token, MAX_UPLOAD_BYTES)).status).toBe(200);
    const before = files().length;
    const declared = await upload({ Authorization: `Bearer ${carl.token}` }, Buffer.alloc(1000), 'one-too-many.bin').expect(413);
    expect(declared.body).toMatchObject({ error: 'payload_too_large', statusCode: 413 });
    expect(declared.body.error_description).toMatch(/may total at most 200 MB/);
    expect((await streamUpload(support.url, carl.token, 1000)).status).toBe(413);
    expect(files().length).toBe(before);
    const rows = await support.support.db.selectFrom('uploads').select('size').where('user_id', '=', carl.id).execute();
    expect(rows.map((row) => Number(row.size))).toEqual(Array(full).fill(MAX_UPLOAD_BYTES));
  }, 60_000);
});
