import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import request from 'supertest';
import { FakeClock } from '../../http/clock.js';
import { freshDatabase } from '../account/testing/postgres.js';
import { hubSecret } from '../callers/hub-secret.js';
import { CERTIFICATE_DAYS, RENEW_DAYS } from './certificates.js';
import { createDnsService, type DnsService } from './service.js';

const DAY_MS = 86_400_000;
const key = 'test-deployment-key';
const hubId = '5f7e3a1b2c4d6e8f9a0b1c2d';
const otherHub = '6a7b8c9d0e1f2a3b4c5d6e7f';

/** Whether a TLS client that trusts `ca` accepts a server with `certificate` as `servername` (what the hub's clients check). */
async function handshake(answer: { certificate: string; privateKey: string; ca: string }, servername: string): Promise<string> {
  const server = createServer({ key: answer.privateKey, cert: answer.certificate }, (_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, servername, ca: answer.ca }, () => {
        socket.end();
        resolve('trusted');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  } finally {
    server.close();
  }
}

describe('cloud local certificate service: getHomeyCertificate', () => {
  const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dns-test-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let dns: DnsService;
  let url: string;
  beforeAll(async () => {
    database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
    dns = await createDnsService({ dataDir, databaseUrl: database?.url, clock, hubSecretKey: key, validateResponses: true, development: true });
    url = await dns.listen(0);
  });
  afterAll(async () => {
    await dns.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const certificateOf = (id: string) => request(url).get('/certificate/homey').query({ secret: hubSecret(key, id) });

  it("when a hub asks, then it gets a certificate for its local name that TLS clients trusting the service's authority accept", async () => {
    const { body } = await certificateOf(hubId).expect(200);
    expect(body.hostname).toBe(`homey-${hubId}.local`);
    expect(body.expiresAt).toBe(new Date(clock.now() + CERTIFICATE_DAYS * DAY_MS).toISOString());
    const certificate = new X509Certificate(body.certificate);
    const authority = new X509Certificate(body.ca);
    expect(authority.ca).toBe(true);
    expect(certificate.ca).toBe(false);
    expect(certificate.checkIssued(authority)).toBe(true);
    expect(certificate.verify(authority.publicKey)).toBe(true);
    expect(certificate.subjectAltName).toBe(`DNS:homey-${hubId}.local`);
    expect(await handshake(body, `homey-${hubId}.local`)).toBe('trusted');
    expect(await handshake(body, `homey-${otherHub}.local`)).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
  });

  it('when asked again, then the same certificate comes until 30 days before it ends, then a new one; another hub gets its own from the same authority', async () => {
    const first = (await certificateOf(hubId).expect(200)).body;
    clock.set(Date.parse(first.expiresAt) - RENEW_DAYS * DAY_MS - 1);
    expect((await certificateOf(hubId).expect(200)).body).toEqual(first);
    clock.advance(2);
    const renewed = (await certificateOf(hubId).expect(200)).body;
    expect(renewed.certificate).not.toBe(first.certificate);
    expect(renewed.ca).toBe(first.ca);
    const other = (await certificateOf(otherHub).expect(200)).body;
    expect(other.ca).toBe(first.ca);
    expect(new X509Certificate(other.certificate).subjectAltName).toBe(`DNS:homey-${otherHub}.local`);
  });

  it('when the service restarts on its data, then it signs with the same authority', async () => {
    const before = (await certificateOf(hubId).expect(200)).body.ca;
    await dns.close();
    dns = await createDnsService({ dataDir, databaseUrl: database?.url, clock, hubSecretKey: key, validateResponses: true });
    url = await dns.listen(0);
    expect((await certificateOf(otherHub).expect(200)).body.ca).toBe(before);
  });

  it.each([
    ['no secret', 401, 'unauthorized', {}],
    ['a secret for another deployment', 401, 'invalid_secret', { secret: hubSecret('another-key', hubId) }],
    ['a secret that is not a hub credential', 401, 'invalid_secret', { secret: 'hunter2' }],
    ['an argument the operation does not take', 400, 'invalid_request', { secret: hubSecret(key, hubId), hostname: 'bank.example' }],
  ])('when the hub sends %s, then %s %s', async (_name, status, error, query) => {
    const res = await request(url).get('/certificate/homey').query(query).expect(status);
    expect(res.body.error).toBe(error);
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY');
  });

  it('when the service holds no key of hub credentials, then 403; another path is a 404', async () => {
    const keyless = await createDnsService({ dataDir: mkdtempSync(path.join(tmpdir(), 'dns-test-')) });
    const keylessUrl = await keyless.listen(0);
    try {
      await request(keylessUrl).get('/certificate/homey').query({ secret: hubSecret(key, hubId) }).expect(403);
      await request(keylessUrl).get('/certificate/bridge').expect(404);
    } finally {
      await keyless.close();
    }
  });
});
