import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { FakeClock } from '../../http/clock.js';
import { createDnsService, type DnsService } from '../../cloud/dns/service.js';
import { hubSecret } from '../../cloud/callers/hub-secret.js';
import type { HubConfig } from '../core/context.js';
import { getByLocalName as get } from '../testing/local-https.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';
import { listenSecure, RENEW_BEFORE_MS, type SecureListener } from './local-certificate.js';

const DAY_MS = 86_400_000;
const key = 'test-deployment-key';

/** The certificate the hub's HTTPS port presents now. */
const presented = (url: string) =>
  new Promise<X509Certificate>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: '127.0.0.1', port: Number(port), servername: hostname, rejectUnauthorized: false }, () => {
      resolve(new X509Certificate(socket.getPeerX509Certificate()!.raw));
      socket.end();
    });
    socket.on('error', reject);
  });

describe("the hub's localUrlSecure: HTTPS with its local certificate from the cloud", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-certificate-'));
  let dns: DnsService;
  let certificateUrl: string;
  let hub: TestHub;
  let url: string;
  let ca: string;
  beforeAll(async () => {
    dns = await createDnsService({ dataDir, hubSecretKey: key });
    certificateUrl = await dns.listen(0);
    hub = await startTestHub({ certificateUrl });
    hub.hub.config.hubSecret = hubSecret(key, hub.hub.id);
    url = await hub.listenSecure(0);
    ca = (await fetch(`${certificateUrl}/certificate/homey?secret=${hubSecret(key, hub.hub.id)}`).then((response) => response.json())).ca;
  });
  afterAll(async () => {
    await hub.stop();
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when a client trusting the service's authority calls the hub by its localUrlSecure, then the hub answers over HTTPS: ping, its API, its realtime", async () => {
    expect(url).toMatch(new RegExp(`^https://homey-${hub.hub.id}\\.local:\\d+$`));
    expect(await get(`${url}/api/manager/system/ping?id=${hub.hub.id}`, { ca })).toEqual({ status: 200, body: 'true', hubId: hub.hub.id });
    const zones = await get(`${url}/api/manager/zones/zone`, { ca, headers: { Authorization: `Bearer ${hub.token}` } });
    expect(zones).toMatchObject({ status: 200 });
    expect(Object.keys(JSON.parse((zones as { body: string }).body)).length).toBeGreaterThan(0);
    expect(await get(`${url}/socket.io/?EIO=4&transport=polling`, { ca })).toMatchObject({ status: 200, body: expect.stringContaining('"sid"') });
  });

  it('when a client trusts no such authority, or calls it by another name, then TLS refuses', async () => {
    expect(await get(`${url}/api/manager/system/ping`)).toEqual({ error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(await get(`${url.replace(hub.hub.id, '0123456789abcdef01234567')}/api/manager/system/ping`, { ca })).toEqual({ error: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });
});

describe('the local certificate, renewed', () => {
  // The service and the renewal on one fake clock; a bare server stands for the hub, whose many timers need not run.
  const clock = new FakeClock(Date.parse('2026-11-23T12:00:00Z'));
  const hubId = '5f7e3a1b2c4d6e8f9a0b1c2d';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-certificate-'));
  const server = createServer((_req, res) => res.end('ok'));
  let dns: DnsService;
  let secure: SecureListener;
  let certificateUrl: string;
  beforeAll(async () => {
    dns = await createDnsService({ dataDir, clock, hubSecretKey: key });
    certificateUrl = await dns.listen(0);
    secure = await listenSecure({ id: hubId, clock, config: { certificateUrl, hubSecret: hubSecret(key, hubId) } as HubConfig }, server, 0, '127.0.0.1');
  });
  afterAll(async () => {
    server.closeAllConnections();
    secure.close();
    await dns.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when its certificate nears its end, then the hub asks for a new one and serves it on the same port', async () => {
    const before = await presented(secure.url);
    const renewal = Date.parse(secure.certificate().expiresAt) - RENEW_BEFORE_MS;
    clock.set(renewal - 1);
    expect((await presented(secure.url)).fingerprint256).toBe(before.fingerprint256);
    clock.set(renewal);
    let after = before;
    for (let tries = 0; tries < 50 && after.fingerprint256 === before.fingerprint256; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await presented(secure.url);
    }
    expect(after.fingerprint256).not.toBe(before.fingerprint256);
    expect(Date.parse(after.validTo)).toBe(Date.parse(before.validTo) + 60 * DAY_MS);
    expect(after.subjectAltName).toBe(`DNS:homey-${hubId}.local`);
  });

  it('when the hub has no certificate service, or the service refuses its credential, then listenSecure says why', async () => {
    const attempt = (config: Partial<HubConfig>) => listenSecure({ id: hubId, clock, config: config as HubConfig }, server, 0, '127.0.0.1');
    await expect(attempt({ hubSecret: hubSecret(key, hubId) })).rejects.toThrow('no certificate service');
    await expect(attempt({ certificateUrl, hubSecret: hubSecret('another-key', hubId) })).rejects.toThrow('the certificate service answered 401');
  });
});
