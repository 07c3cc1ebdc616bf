import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Bonjour, type Service } from 'bonjour-service';
import { pkce, formFields } from '../server/cloud/account/oauth/testing.js';
import { hubSecret, loadHubSecretKey } from '../server/cloud/callers/hub-secret.js';
import { MDNS_SERVICE_TYPE } from '../server/hub/webserver/mdns.js';
import { getByLocalName } from '../server/hub/testing/local-https.js';
import { root } from './apis.js';
import { exited, freePort, printed, SERVER_ENV, SERVER_NODE_FLAGS, spawnStart, stop, waitForOutput } from './child.js';

describe('npm start (scripts/start.ts)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'start-test-'));
  const docsDir = path.join(work, 'docs');
  const running: ChildProcess[] = [];

  beforeAll(() => {
    mkdirSync(docsDir);
    writeFileSync(path.join(docsDir, 'index.html'), '<!doctype html><title>API documentation</title>');
  });
  afterAll(async () => {
    await Promise.all(running.map((child) => stop(child)));
    rmSync(work, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    const child = await spawnStart({ FORM_PORT: '0', CLOUD_PORT: '0', HUB_SECURE_PORT: '0', HUB_MDNS: '0', DOCS_DIR: docsDir, ...env });
    running.push(child);
    // Up to a minute: a start on a machine that runs the other test files beside this one.
    const output = await waitForOutput(child, /^Ctrl-C stops the hub/, 60_000);
    return { child, output, url: printed(output, 'Hub URL')!, token: printed(output, 'Personal access token')! };
  }

  /** The pid of the process that npm start (`pid`) runs `script` in. */
  function processOf(pid: number, script: string): number {
    for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`${script}.js`)) return Number(entry);
      } catch {
        // The process ended while we looked.
      }
    }
    throw new Error(`npm start (${pid}) runs no ${script}`);
  }

  const getZones = (url: string, token: string) => fetch(`${url}/api/manager/zones/zone`, { headers: { Authorization: `Bearer ${token}` } });

  /**
   * The cloud lines of a start: one of each, in the exact form outside tools parse, split into their values. `host`
   * is what the URLs name: the loopback address, or localhost for a start on every interface.
   */
  function cloudLines(output: string, host: '127.0.0.1' | 'localhost' = '127.0.0.1') {
    const origin = `http://${host.replaceAll('.', '\\.')}:\\d+`;
    const one = (label: string, form: RegExp) => {
      const lines = output.split('\n').filter((line) => line.startsWith(`${label}: `));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(form);
      return lines[0]!.slice(label.length + 2).split(' ') as [string, string, string];
    };
    const [cloudUrl] = one('Cloud URL', new RegExp(`^Cloud URL: ${origin}$`));
    const [email, password] = one('Demo account', /^Demo account: [^\s@]+@[^\s@]+\.[a-z]+ \S{8,}$/);
    const [reviewerEmail, reviewerPassword] = one('Demo reviewer', /^Demo reviewer: [^\s@]+@[^\s@]+\.[a-z]+ \S{8,}$/);
    const lines = output.split('\n');
    expect(lines[lines.findIndex((line) => line.startsWith('Demo account: ')) + 1]).toMatch(/^Demo reviewer: /);
    const [id, secret, redirectUri] = one('OAuth client', /^OAuth client: [\w-]+ \S{20,} https?:\/\/\S+$/);
    const [publicId, publicRedirectUri] = one('Public OAuth client', new RegExp(`^Public OAuth client: [\\w-]+ ${origin}/$`));
    return { cloudUrl, email, password, reviewer: { email: reviewerEmail, password: reviewerPassword }, client: { id, secret, redirectUri }, publicClient: { id: publicId, redirectUri: publicRedirectUri } };
  }

  type Cloud = ReturnType<typeof cloudLines>;

  const token = (cloud: Cloud, form: Record<string, string>, basic = `${cloud.client.id}:${cloud.client.secret}`) =>
    fetch(`${cloud.cloudUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(basic ? { Authorization: `Basic ${Buffer.from(basic).toString('base64')}` } : {}) },
      body: new URLSearchParams(form),
    });

  /** The demo account's hub session on the hub: password grant, delegation token of audience homey, hub login. */
  async function signInOnHub(cloud: Cloud, hubUrl: string) {
    const tokens = await token(cloud, { grant_type: 'password', username: cloud.email, password: cloud.password });
    expect(tokens.status).toBe(200);
    const auth = { Authorization: `Bearer ${(await tokens.json()).access_token}` };
    const me = await fetch(`${cloud.cloudUrl}/user/me`, { headers: auth }).then((response) => response.json());
    const delegation = await fetch(`${cloud.cloudUrl}/delegation/token?audience=homey`, { method: 'POST', headers: auth });
    expect(delegation.status).toBe(200);
    const login = await fetch(`${hubUrl}/api/manager/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: await delegation.json() }),
    });
    expect(login.status).toBe(200);
    const session = await login.json();
    const user = await fetch(`${hubUrl}/api/manager/users/user/me`, { headers: { Authorization: `Bearer ${session}` } }).then((response) => response.json());
    return { me, user };
  }

  it('when npm start runs the server, then it gives node and the environment what the tests and the bench start it with', () => {
    const script = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string;
    const server = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`).concat('node', SERVER_NODE_FLAGS, 'dist/server/start.js');
    expect(script).toContain(server.join(' '));
  });

  // A start takes seconds (it builds nothing, but starts every service and the demo apps' workers): one data folder
  // is started three times on the same ports, each start checked for what it prints, keeps and sets back, and the
  // checks that only read or add to a running start share the second. The tests of this describe run in order.
  describe('one data folder started three times on the same ports', () => {
    const dataDir = path.join(work, 'shared-data');
    let ports: Record<'HUB_PORT' | 'FORM_PORT' | 'CLOUD_PORT', string>;
    /** What the first start printed and made, which the later ones must keep (or set back). */
    let first: Awaited<ReturnType<typeof start>> & { cloud: Cloud; hubId: string; ownerId: string; cellar: { id: string } };

    beforeAll(async () => {
      ports = { HUB_PORT: String(await freePort()), FORM_PORT: String(await freePort()), CLOUD_PORT: String(await freePort()) };
    });

    it('when started with mDNS off and used, then it prints its lines, the demo account owns the hub, in the cloud and on the hub, and SIGTERM stops it with 0', async () => {
      const started = await start({ ...ports, DATA_DIR: dataDir });
      expect(started.url).toBe(`http://127.0.0.1:${ports.HUB_PORT}`);
      expect(started.token).toMatch(/^\S{20,}$/);
      expect(started.output).toContain(`API docs: ${started.url}/docs/`);
      expect(started.output).toContain(`Try: curl -H "Authorization: Bearer ${started.token}" ${started.url}/api/manager/`);
      const zones = await getZones(started.url, started.token);
      expect(zones.status).toBe(200);
      const root = Object.values<{ id: string; parent: string | null }>(await zones.json()).find((zone) => zone.parent === null)!;
      const cellar = await fetch(`${started.url}/api/manager/zones/zone`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${started.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Cellar', icon: 'cellar', parent: root.id }),
      }).then((response) => response.json());

      const cloud = cloudLines(started.output);
      expect(cloud.cloudUrl).toBe(`http://127.0.0.1:${ports.CLOUD_PORT}`);
      expect(cloud.publicClient.redirectUri).toBe(`http://127.0.0.1:${ports.FORM_PORT}/`);
      const ping = await fetch(`${started.url}/api/manager/system/ping`);
      const hubId = ping.headers.get('x-homey-id')!;

      const { me, user } = await signInOnHub(cloud, started.url);
      expect(me.email).toBe(cloud.email);
      expect(me.homeys).toEqual([expect.objectContaining({
        _id: hubId, localUrl: started.url, name: expect.any(String), platform: 'local', apiVersion: 3, model: expect.any(String),
        softwareVersion: expect.stringMatching(/^\d+\.\d+\.\d+/), role: 'owner',
      })]);
      expect(user).toMatchObject({ isOwner: true, athomId: me._id });
      // The demo reviewer signs in with its printed password and holds the role that approves app submissions.
      const reviewerTokens = await token(cloud, { grant_type: 'password', username: cloud.reviewer.email, password: cloud.reviewer.password });
      const reviewerAuth = { Authorization: `Bearer ${(await reviewerTokens.json()).access_token}` };
      expect((await fetch(`${cloud.cloudUrl}/user/me`, { headers: reviewerAuth }).then((response) => response.json())).roles).toEqual(['app_reviewer']);
      // Its secure URL serves it over HTTPS to a client that trusts the certificate service's authority.
      const localUrlSecure = printed(started.output, 'Hub secure URL')!;
      expect(localUrlSecure).toMatch(new RegExp(`^https://homey-${hubId}\\.local:\\d+$`));
      // Without mDNS nobody could resolve that name: the record does not name it.
      expect(me.homeys[0]).not.toHaveProperty('localUrlSecure');
      const secret = hubSecret(loadHubSecretKey(path.join(dataDir, 'cloud')), hubId);
      const { ca } = await fetch(`${cloud.cloudUrl}/dns/certificate/homey?secret=${secret}`).then((response) => response.json());
      expect(await getByLocalName(`${localUrlSecure}/api/manager/system/ping`, { ca })).toEqual({ status: 200, body: 'true', hubId });
      // Its remoteUrl is the connect service, through which the hub answers once its tunnel is open.
      const remoteUrl = (me.homeys as Array<{ remoteUrl: string }>)[0]!.remoteUrl;
      expect(remoteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      let remote: Response | undefined;
      for (let i = 0; i < 50 && remote?.status !== 200; i++) {
        if (i) await new Promise((resolve) => setTimeout(resolve, 100));
        remote = await fetch(`${remoteUrl}/api/manager/system/ping`, { headers: { 'X-Homey-ID': hubId } });
      }
      expect(remote!.headers.get('x-homey-id')).toBe(hubId);
      const owner = await fetch(`${started.url}/api/manager/users/user/me`, { headers: { Authorization: `Bearer ${started.token}` } }).then((response) => response.json());
      expect(user.id).toBe(owner.id);
      expect((await token(cloud, { grant_type: 'client_credentials' })).status).toBe(200);
      expect(await stop(started.child, 'SIGTERM')).toBe(0);
      first = { ...started, cloud, hubId, ownerId: owner.id, cellar };
    }, 90_000);

    describe('started again, with mDNS on', () => {
      let shared: Awaited<ReturnType<typeof start>>;
      let cloud: Cloud;

      beforeAll(async () => {
        if (!first) throw new Error('the first start failed: nothing to start again');
        shared = await start({ ...ports, HUB_MDNS: '1', DATA_DIR: dataDir });
        cloud = cloudLines(shared.output);
      }, 90_000);

      it('when started again on its data folder and ports, then it prints the same token and cloud lines, keeps the data, and the demo account still owns the hub', async () => {
        expect(shared.url).toBe(first.url);
        expect(shared.token).toBe(first.token);
        const after = await getZones(shared.url, shared.token).then((response) => response.json());
        expect(after[first.cellar.id]).toEqual(first.cellar);
        expect(cloud).toEqual(first.cloud);
        const again = await signInOnHub(cloud, shared.url);
        expect(again.me.homeys.map((homey: { _id: string }) => homey._id)).toEqual([first.hubId]);
        expect(again.user.id).toBe(first.ownerId);
      });

      it('when a browser app signs in with the public client, then PKCE without a secret gives it tokens', async () => {
        const { verifier, challenge } = pkce();
        const query = new URLSearchParams({
          client_id: cloud.publicClient.id, redirect_uri: cloud.publicClient.redirectUri, response_type: 'code', state: 's1',
          code_challenge: challenge, code_challenge_method: 'S256',
        });
        const page = await fetch(`${cloud.cloudUrl}/oauth2/authorise?${query}`);
        expect(page.status).toBe(200);
        const signedIn = await fetch(`${cloud.cloudUrl}/oauth2/authorise`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...formFields(await page.text()), email: cloud.email, password: cloud.password }),
        });
        expect(signedIn.status).toBe(303);
        const back = new URL(signedIn.headers.get('location')!);
        expect(back.origin + back.pathname).toBe(cloud.publicClient.redirectUri);
        const form = { grant_type: 'authorization_code', client_id: cloud.publicClient.id, code: back.searchParams.get('code')!, redirect_uri: cloud.publicClient.redirectUri };
        const tokens = await token(cloud, { ...form, code_verifier: verifier }, '');
        expect(tokens.status).toBe(200);
        expect(await tokens.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'bearer' });
      });

      it("when the demo account uses the support form's host, then its config, articles and tickets answer, the store, apps and content services answer beside the account service, and the hub shows their weather, prices and a TV remote from the infrared library", async () => {
        const { output } = shared;
        const formUrl = cloud.publicClient.redirectUri.replace(/\/$/, '');
        const config = await fetch(`${formUrl}/api/config`).then((response) => response.json());
        expect(config).toMatchObject({ cloudUrl: cloud.cloudUrl, clientId: cloud.publicClient.id, storeUrl: `${cloud.cloudUrl}/store`, appsUrl: `${cloud.cloudUrl}/apps/api/v1` });
        const tokens = await token(cloud, { grant_type: 'password', username: cloud.email, password: cloud.password }).then((response) => response.json());
        const auth = { Authorization: `Bearer ${tokens.access_token}` };
        // The form's back end, as the store, takes a delegation token of its own audience (docs/protocol.md §8), not the account's token.
        const supportToken = await fetch(`${cloud.cloudUrl}/delegation/token?audience=support`, { method: 'POST', headers: auth }).then((response) => response.json());
        const supportAuth = { Authorization: `Bearer ${supportToken}` };
        expect((await fetch(`${formUrl}/api/zendesk/article?id=360010000104`, { headers: auth })).status).toBe(401);
        const article = await fetch(`${formUrl}/api/zendesk/article?id=360010000104`, { headers: supportAuth }).then((response) => response.json());
        expect(article.html_url).toBe(`${formUrl}/hc/articles/360010000104`);
        const storeToken = await fetch(`${cloud.cloudUrl}/delegation/token?audience=store`, { method: 'POST', headers: auth }).then((response) => response.json());
        const storeAuth = { Authorization: `Bearer ${storeToken}` };
        expect((await fetch(`${config.storeUrl}/user/order`, { headers: auth })).status).toBe(401);
        const orders = await fetch(`${config.storeUrl}/user/order`, { headers: storeAuth }).then((response) => response.json());
        expect(orders.length).toBeGreaterThan(0);
        // The demo shop: products, the demo coupon, and an iDEAL payment that the demo provider's webhook settles.
        const products = await fetch(`${config.storeUrl}/store/product`).then((response) => response.json());
        expect(products.map((product: { sku: string }) => product.sku)).toContain('PREMIUM-1Y');
        const shop = (method: string, path: string, body?: object) =>
          fetch(`${config.storeUrl}${path}`, { method, headers: { ...storeAuth, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) }).then((response) => response.json());
        await shop('POST', '/store/cart', { sku: 'PLUS-1M' });
        await shop('PUT', '/store/coupon', { coupon: 'WELCOME10' });
        await shop('PUT', '/store/userdata', { email: cloud.email, billing_firstname: 'Demo', billing_street: 'Museumstraat', billing_number: '1', billing_zipcode: '1071 XX', billing_city: 'Amsterdam', billing_country: 'NL' });
        await shop('PUT', '/store/payment', { method: 'ideal' });
        const order = await shop('POST', '/store/order');
        expect(order).toMatchObject({ state: 'created', subtotal: 247, discount: 25, vat: 47, total: 269 });
        // The demo provider settles it seconds later: the checks below run meanwhile, and the order is read at the end.
        expect(await shop('POST', `/store/order/${order.id}/pay`)).toMatchObject({ state: 'pending' });
        const app = await fetch(`${config.appsUrl}/app/com.example.suntimes`).then((response) => response.json());
        expect(app.author.verified).toBe(true);
        // The content services answer beside them, and the demo hub shows their weather and its zone's energy prices.
        const hubUrl = /^Hub URL: (\S+)$/m.exec(output)![1]!;
        const hubAuth = { Authorization: `Bearer ${/^Personal access token: (\S+)$/m.exec(output)![1]}` };
        const weather = await fetch(`${hubUrl}/api/manager/geolocation/weather`, { headers: hubAuth }).then((response) => response.json());
        expect(weather).toMatchObject({ latitude: 52.3676, longitude: 4.9041 });
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        const prices = await fetch(`${hubUrl}/api/manager/energy/price/electricity/dynamic?date=${yesterday}`, { headers: hubAuth }).then((response) => response.json());
        expect(prices).toMatchObject({ zone: 'NL', currency: 'EUR' });
        const devices = Object.values<{ driverId: string; name: string }>(await fetch(`${hubUrl}/api/manager/devices/device`, { headers: hubAuth }).then((response) => response.json()));
        expect(devices).toContainEqual(expect.objectContaining({ driverId: 'homey:manager:vdevice:infrared', name: 'Living room TV' }));
        for (const path of ['/infrared/brand', '/firmware/update/changelog', '/energy/zones', '/setup/timezone?ip=198.51.100.23']) expect((await fetch(`${cloud.cloudUrl}${path}`)).status).toBe(200);
        const sent = await fetch(`${formUrl}/api/zendesk/ticket`, {
          method: 'POST',
          headers: { ...supportAuth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ subject: 'Hello', message: 'A question of at least twenty characters.', orderId: orders[0].id }),
        }).then((response) => response.json());
        expect(sent.ticketCreated).toBe(true);
        expect(readdirSync(path.join(dataDir, 'outbox')).some((name) => name.endsWith(`-ticket-${sent.ticket.id}.eml`))).toBe(true);
        let state = order.state;
        for (const deadline = Date.now() + 10_000; state !== 'paid' && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
          state = (await shop('GET', `/user/order/${order.id}`)).state;
        }
        expect(state).toBe('paid');
      }, 30_000);

      it('when HUB_MDNS is not 0, then the hub is found over mDNS as _homey._tcp with its id and port, and its record names its secure URL', async () => {
        const { url, output } = shared;
        const { me } = await signInOnHub(cloud, url);
        expect(me.homeys[0].localUrlSecure).toBe(printed(output, 'Hub secure URL'));
        const id = (await fetch(`${url}/api/manager/system/ping`)).headers.get('x-homey-id');
        const bonjour = new Bonjour();
        try {
          const found = await new Promise<Service>((resolve) => bonjour.find({ type: MDNS_SERVICE_TYPE }, (service) => service.txt?.id === id && resolve(service)));
          expect(found).toMatchObject({ name: id, port: Number(new URL(url).port), txt: { id, apiVersion: '3' } });
        } finally {
          bonjour.destroy();
        }
      });

      it("when the demo home's apps run in the built server, then each reports its worker's memory, and socket.io serves its client script", async () => {
        const { url, token } = shared;
        const auth = { Authorization: `Bearer ${token}` };
        const apps = Object.keys(await fetch(`${url}/api/manager/apps/app`, { headers: auth }).then((response) => response.json()));
        expect(apps).toEqual(expect.arrayContaining(['com.example.suntimes', 'com.example.thermostat', 'com.example.crashtest']));
        for (const id of apps) {
          let usage = { cpu: 0, mem: 0 };
          // An app's worker may still be starting: until it runs, its usage is zero.
          for (const deadline = Date.now() + 10_000; usage.mem === 0 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
            usage = await fetch(`${url}/api/manager/apps/app/${id}/usage`, { headers: auth }).then((response) => response.json());
          }
          expect(usage.mem).toBeGreaterThan(100_000);
        }
        const client = await fetch(`${url}/socket.io/socket.io.js`);
        expect(client.status).toBe(200);
        expect(await client.text()).toContain('Socket.IO');
      }, 30_000);

      it('when the docs folder is built, then the hub serves its index at /docs/', async () => {
        const page = await fetch(`${shared.url}/docs/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('API documentation');
      });

      it('when the form is not built, then it says so and the hub runs anyway; when it is, then it serves it', async () => {
        const line = printed(shared.output, 'Support form')!;
        // The form's end-to-end suites may build it while this file runs: the printed line says which case this is.
        if (line.startsWith('not built')) expect(line).toBe('not built (form/dist is missing; npm run build:form builds it)');
        else expect((await fetch(line)).status).toBe(200);
      });

      it('when a second start is given the same data folder, then it exits 1 naming the pid of the running one, which goes on', async () => {
        const second = await spawnStart({ HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '1', DATA_DIR: dataDir });
        running.push(second);
        await expect(waitForOutput(second, /in use/)).resolves.toContain(`DATA_DIR ${dataDir} is in use by pid ${shared.child.pid} (another npm start): stop it, or choose another DATA_DIR.`);
        expect(await exited(second)).toBe(1);
        expect((await getZones(shared.url, shared.token)).status).toBe(200);
      });

      // Late: they restart its processes.
      it('when the hub process is killed, then the cloud keeps answering and the hub comes back on its address with a printed line; when the cloud process is killed, then the hub keeps answering and the cloud comes back', async () => {
        const { child, url, token } = shared;
        const delegationKey = () => fetch(`${cloud.cloudUrl}/delegation/key`).then((response) => response.status);
        const hubBack = waitForOutput(child, /^The hub is running again: /, 60_000);
        process.kill(processOf(child.pid!, 'start-hub'), 'SIGKILL');
        expect(await delegationKey()).toBe(200);
        expect(await hubBack).toMatch(new RegExp(`^The hub stopped \\(signal SIGKILL\\): restarting it in [\\d.]+ s\\.\n(.*\n)*The hub is running again: ${url}$`, 'm'));
        expect((await getZones(url, token)).status).toBe(200);

        const cloudBack = waitForOutput(child, /^The cloud is running again: /, 60_000);
        process.kill(processOf(child.pid!, 'start-demo-cloud'), 'SIGKILL');
        expect((await getZones(url, token)).status).toBe(200);
        expect(await cloudBack).toMatch(new RegExp(`^The cloud stopped \\(signal SIGKILL\\): restarting it in [\\d.]+ s\\.\n(.*\n)*The cloud is running again: ${cloud.cloudUrl}$`, 'm'));
        expect(await delegationKey()).toBe(200);
        // The demo account signs in on the hub again, with a token of the cloud that came back.
        expect((await signInOnHub(cloud, url)).user.athomId).toEqual(expect.any(String));
      }, 120_000);

      // Last: it revokes the printed token, changes the demo password and stops the start, for the third.
      it('when the printed token is revoked and the demo password changed through the API, then SIGINT stops it with 0', async () => {
        const auth = { Authorization: `Bearer ${shared.token}` };
        const me = await fetch(`${shared.url}/api/manager/sessions/session/me`, { headers: auth }).then((response) => response.json());
        expect((await fetch(`${shared.url}/api/manager/sessions/session/${me.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
        expect((await getZones(shared.url, shared.token)).status).toBe(401);
        const tokens = await token(cloud, { grant_type: 'password', username: cloud.email, password: cloud.password }).then((response) => response.json());
        const changed = await fetch(`${cloud.cloudUrl}/user/me/password`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ old_password: cloud.password, password: 'another long password' }),
        });
        expect(changed.status).toBe(204);
        expect(await stop(shared.child, 'SIGINT')).toBe(0);
      });
    });

    it('when started a third time with HOST 0.0.0.0 after the token was revoked and the password changed, then it prints a new token that works and sets the password back, saying both, listens on every interface and prints URLs to browse to', async () => {
      const third = await start({ ...ports, HOST: '0.0.0.0', DATA_DIR: dataDir });
      expect(third.url).toBe(`http://localhost:${ports.HUB_PORT}`);
      expect(third.token).toMatch(/^\S{20,}$/);
      expect(third.token).not.toBe(first.token);
      expect(third.output).toContain('The previous personal access token had been revoked: a new one was issued.');
      // Listening on every interface, the hub answers on the loopback address the first start listened on.
      expect((await getZones(first.url, third.token)).status).toBe(200);
      expect(third.output).toContain("The demo account's e-mail address or password had been changed: both were set back to the ones below.");
      const again = cloudLines(third.output, 'localhost');
      expect(again).toEqual({ ...first.cloud, cloudUrl: `http://localhost:${ports.CLOUD_PORT}`, publicClient: { ...first.cloud.publicClient, redirectUri: `http://localhost:${ports.FORM_PORT}/` } });
      expect((await token(first.cloud, { grant_type: 'password', username: again.email, password: again.password })).status).toBe(200);
      expect((await fetch(`${first.cloud.cloudUrl}/delegation/key`)).status).toBe(200);
      expect(await stop(third.child)).toBe(0);
    }, 90_000);
  });

  // A start looks at its settings and ports before it starts anything, so each of these ends at once: they run side by side.
  it.concurrent.each([
    { what: 'the hub port', variable: 'HUB_PORT' },
    { what: 'the cloud port', variable: 'CLOUD_PORT' },
    { what: "the form's port", variable: 'FORM_PORT' },
    { what: "the connect service's port", variable: 'CONNECT_PORT' },
  ])('when $what is taken, then it exits 1 with a message naming the port and $variable', async ({ variable }) => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    try {
      const ports = { HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', [variable]: String(port) };
      const child = await spawnStart({ ...ports, HUB_MDNS: '0', DATA_DIR: path.join(work, `busy-${variable}-data`) });
      running.push(child);
      await expect(waitForOutput(child, /already in use/, 60_000)).resolves.toMatch(new RegExp(`Port ${port} is already in use.*${variable}=`));
      expect(await exited(child)).toBe(1);
    } finally {
      blocker.close();
    }
  }, 90_000);

  it.concurrent('when HUB_PORT is not a port number, then it exits 1 saying so', async () => {
    const child = await spawnStart({ HUB_PORT: 'eighty', DATA_DIR: path.join(work, 'bad-data') });
    running.push(child);
    await expect(waitForOutput(child, /HUB_PORT/)).resolves.toContain('HUB_PORT must be a port number (0-65535), not "eighty".');
    expect(await exited(child)).toBe(1);
  });

  it.concurrent('when settings are wrong, then it exits 1 with one line for each and no stack trace, before anything starts', async () => {
    const file = path.join(work, 'not-a-folder');
    writeFileSync(file, '');
    const child = await spawnStart({ HUB_PORT: '0', HUB_PROT: '5000', DATA_DIR: path.join(file, 'data'), CLOUD_DATABASE_URL: 'base', SMTP_URL: 'mail.example:587', LOG_LEVEL: 'verbose' });
    running.push(child);
    const output = await waitForOutput(child, /^DATA_DIR/);
    expect(await exited(child)).toBe(1);
    // Warnings about this machine's own variables (CLOUD_SDK_VERSION where Google's Cloud SDK is installed) aside.
    const ours = (line: string) => !Object.keys(process.env).some((name) => line.startsWith(`${name} is not a setting`));
    expect(output.trim().split('\n').filter(ours)).toEqual([
      'HUB_PROT is not a setting of npm start and is ignored: did you mean HUB_PORT?',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose".',
      'CLOUD_DATABASE_URL must be a URL such as postgres://user:password@host:5432/database; the value given is not a URL.',
      'SMTP_URL must be a URL such as smtp://user:password@mail.example:587 or smtps://mail.example, not "mail.example:587".',
      `DATA_DIR must be a folder this user can write: ${path.join(file, 'data')} (ENOTDIR: not a directory)`,
    ]);
  });

  it.concurrent('when DATA_DIR is under a folder that refuses new folders (/proc), then it exits 1 with one line at once', async () => {
    const child = await spawnStart({ HUB_PORT: '0', DATA_DIR: '/proc/nope' });
    running.push(child);
    await expect(waitForOutput(child, /^DATA_DIR/)).resolves.toContain('DATA_DIR must be a folder this user can write: /proc/nope (ENOENT: no such file or directory)');
    expect(await exited(child)).toBe(1);
  });

  it.concurrent('when CLOUD_PUBLIC_KEY_FILE is missing or not a public key, then it exits 1 saying so', async () => {
    const notAKey = path.join(work, 'not-a-key.pem');
    writeFileSync(notAKey, 'hello');
    await Promise.all([path.join(work, 'missing.pem'), notAKey].map(async (file, index) => {
      const child = await spawnStart({ HUB_PORT: '0', CLOUD_PUBLIC_KEY_FILE: file, DATA_DIR: path.join(work, `key-data-${index}`) });
      running.push(child);
      await expect(waitForOutput(child, /CLOUD_PUBLIC_KEY_FILE/)).resolves.toContain(`CLOUD_PUBLIC_KEY_FILE must name a PEM public key file: ${file}`);
      expect(await exited(child)).toBe(1);
    }));
  });
});
