import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudAPI } from '../client/cloud/cloud-api.js';
import { demoSignIn, ensureDemo } from '../server/cloud/account/demo.js';
import { createHomey, hubOwner } from '../server/cloud/account/hubs.js';
import { startTestAccount, type TestAccount } from '../server/cloud/account/testing/test-account.js';
import { completeBackups } from '../server/cloud/backup/backups.js';
import { createBackupService, type BackupService } from '../server/cloud/backup/service.js';
import { hubSecret } from '../server/cloud/callers/hub-secret.js';
import { createSetupService, type SetupService } from '../server/cloud/setup/service.js';
import { onCloudUpload } from '../server/hub/backup/cloud-backups.js';
import { bearer, startTestHub } from '../server/hub/testing/test-hub.js';
import { ownerOf } from '../server/hub/users/users.js';
import { root } from './apis.js';
import { demoSetupPlan } from './new-hub-setup-args.js';
import { setUpNewHub, type NewHubSetupOptions } from './new-hub-setup.js';

const KEY = 'test-hub-secret-key';
/** What a hub restored from a backup must have as the backed-up hub has it. */
const READS = ['/api/manager/devices/device', '/api/manager/zones/zone', '/api/manager/flow/flow'];

/** A port nothing listens on now, as a user would choose one. */
const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

describe('npm run demo:setup: a new hub set up end to end through a setup session', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'new-hub-setup-'));
  let account: TestAccount;
  let backups: BackupService;
  let setup: SetupService;
  let options: Omit<NewHubSetupOptions, 'print'>;
  let demo: Awaited<ReturnType<typeof ensureDemo>>;
  /** The demo account, signed in as the app is. */
  let cloud: CloudAPI;
  /** What `npm run demo:setup -- <argv>` plans with npm start's settings of this test: its cloud, its data folder. */
  const plan = (argv: string[], env: NodeJS.ProcessEnv = {}) => demoSetupPlan(argv, { DATA_DIR: dataDir, CLOUD_URL: `${account.url}/`, ...env }, root);
  beforeAll(async () => {
    // The account service keeps its data where npm start's does, in DATA_DIR/cloud: the demo account's secrets.
    account = await startTestAccount({ dataDir: path.join(dataDir, 'cloud') });
    backups = await createBackupService({ dataDir, accountKey: account.account.keys.publicPem, hubSecretKey: KEY, ownerOf: (hubId) => hubOwner(account.account, hubId) });
    setup = await createSetupService({ dataDir, accountKey: account.account.keys.publicPem, backupsOf: (userId) => completeBackups(backups.db, userId) });
    const [setupUrl, backupUrl] = [await setup.listen(0), await backups.listen(0)];
    expect(demoSignIn(account.dataDir)).toBeUndefined();
    demo = await ensureDemo(account, account.dataDir, { redirectUri: 'http://localhost:3000/cb', publicRedirectUri: 'http://localhost:4000/', hub: { _id: 'abcdefabcdefabcdefabcdef', name: 'Demo Home' } });
    const signIn = demoSignIn(plan([]).cloudDir)!;
    expect(signIn).toMatchObject({ email: demo.email, password: demo.password, clientSecret: demo.client.secret });
    options = { cloudUrl: account.url, setupUrl, signIn, cloudPublicKey: account.account.keys.publicPem, hubSecretKey: KEY, services: { backupUrl } };
    cloud = new CloudAPI({ baseUrl: account.url, clientId: signIn.clientId, clientSecret: signIn.clientSecret });
    await cloud.authenticateWithPassword({ username: signIn.email, password: signIn.password });
    // Four services and the demo account's password hashes: a minute on a machine that runs other test files beside.
  }, 60_000);
  afterAll(async () => {
    await setup.close();
    await backups.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const homeys = async () => (await cloud.getAuthenticatedUser()).homeys ?? [];

  it("when npm start's demo account sets up a fresh hub on a chosen port, then each state is printed until ready, the hub answers the demo account as its owner under its new name and language, and the account lists it at that port until it stops", async () => {
    const lines: string[] = [];
    const chosen = await freePort();
    const { cloudUrl, host, port, restore } = plan(['--port', String(chosen)], { SETUP_HUB_PORT: '1' });
    expect({ cloudUrl, port, restore }).toEqual({ cloudUrl: account.url, port: chosen, restore: false });
    const result = await setUpNewHub({ ...options, host, port, restore, name: 'Boat house', language: 'de', print: (line) => lines.push(line) });
    try {
      expect(result).toMatchObject({ url: `http://127.0.0.1:${port}`, restoredFrom: null, name: 'Boat house', language: 'de', owner: { athomId: demo.accountId, isOwner: true, name: 'Demo Owner' } });
      expect(result.states).toEqual(['created', 'connected', 'configuring', 'ready']);
      const printed = lines.join('\n');
      expect(printed).toMatch(/serial number HP\d{4}D\d{7}, no owner, setup none/);
      expect(printed).toContain('the hub says: connected');
      expect(printed).toContain(`Recorded in the account as ${result.hubId} at http://127.0.0.1:${port}`);
      for (const command of ['users.login', 'system.setSystemName', 'i18n.setOptionLanguage', 'setup.reset']) expect(printed).toContain(`${command}: done`);
      expect(printed).toContain("The hub's own account of its setup: ready");
      expect(lines.at(-1)).toMatch(/answers its owner .*: its name is "Boat house", its language de$/);
      expect(printed).not.toContain(options.signIn.password);

      // GET /user/me: the new hub among the account's hubs, after the demo hub (the order they were added), at its port.
      const listed = await homeys();
      expect(listed.map(({ _id }) => _id)).toEqual(['abcdefabcdefabcdefabcdef', result.hubId]);
      expect(listed[1]).toMatchObject({ name: 'Boat house', localUrl: `http://127.0.0.1:${port}`, role: 'owner' });
      const response = await fetch(`${listed[1]!.localUrl}/api/manager/system/name`, { headers: bearer(result.token) });
      expect(await response.json()).toBe('Boat house');
    } finally {
      await result.close();
    }
    expect((await homeys()).map(({ _id }) => _id)).toEqual(['abcdefabcdefabcdefabcdef']);
  }, 30_000);

  it("when the app restores the new hub from the account's backup its session lists, then the hub has the backed-up home", async () => {
    // A hub of the demo account, recorded with the account, uploads a backup of its home.
    const source = await startTestHub();
    try {
      source.hub.store.save('user', { ...ownerOf(source.hub)!, athomId: demo.accountId });
      await createHomey(account.account, demo.accountId, { _id: source.hub.id, name: 'Source home' }, true);
      Object.assign(source.hub.config, { backupUrl: options.services!.backupUrl, hubSecret: hubSecret(KEY, source.hub.id) });
      await source.http().post('/api/manager/zones/zone').set(bearer(source.token)).send({ name: 'Wine cellar', icon: 'cellar', parent: (await source.http().get('/api/manager/zones/state').set(bearer(source.token))).body.rootZoneId }).expect(200);
      const uploaded = new Promise<string | undefined>((resolve) => onCloudUpload(source.hub, ({ backup }) => resolve(backup?._id)));
      await source.http().post('/api/manager/backup/backup').set(bearer(source.token)).send({}).expect(200);
      const backupId = await uploaded;
      expect(backupId).toBeDefined();

      const lines: string[] = [];
      const { host, port, restore } = plan(['--restore']);
      expect({ port, restore }).toEqual({ port: 0, restore: true });
      const result = await setUpNewHub({ ...options, host, port, restore, print: (line) => lines.push(line) });
      try {
        expect(result.restoredFrom).toBe(backupId);
        expect(lines).toContain('The account has 1 cloud backup to restore from');
        expect(lines.join('\n')).toContain('backup.restoreCloudBackup: done');
        expect(result).toMatchObject({ name: 'Garden house', owner: { athomId: demo.accountId, isOwner: true } });
        for (const read of READS) {
          const before = (await source.http().get(read).set(bearer(source.token)).expect(200)).body;
          const after = await fetch(`${result.url}${read}`, { headers: bearer(result.token) });
          expect(await after.json()).toEqual(before);
        }
      } finally {
        await result.close();
      }
    } finally {
      await source.stop();
    }
  }, 30_000);
  it("when npm run demo:setup is given its port by SETUP_HUB_PORT or --port, and npm start listens on a wildcard or IPv6 address, then the new hub's port is that one (--port first) and the cloud is called at a callable address", () => {
    expect(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['demo:setup']).toBe('tsx scripts/demo-setup.ts');
    const env = { CLOUD_URL: undefined, CLOUD_PORT: '5861' };
    expect(plan([], { ...env, HOST: '0.0.0.0', SETUP_HUB_PORT: '4870' })).toEqual({ cloudUrl: 'http://127.0.0.1:5861', cloudDir: path.join(dataDir, 'cloud'), host: '127.0.0.1', port: 4870, restore: false });
    expect(plan(['--port', '4871', '--restore'], { ...env, HOST: '::1', SETUP_HUB_PORT: '4870' })).toMatchObject({ cloudUrl: 'http://[::1]:5861', host: '::1', port: 4871, restore: true });
    expect(plan(['--port=4872'], env).port).toBe(4872);
  });

  it.each([
    [['--restore', 'now'], 'npm run demo:setup takes --port <port> and --restore only'],
    [['--prot', '4871'], "Unknown option '--prot'"],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--port', '70000'], '--port must be a port number (0-65535), not "70000"'],
    [['--port', 'x1'], '--port must be a port number (0-65535), not "x1"'],
  ])('when npm run demo:setup is given %j, then it refuses saying why', (argv, reason) => {
    expect(() => plan(argv)).toThrow(reason);
  });

  it('when SETUP_HUB_PORT is not a port, then it refuses naming the setting', () => {
    expect(() => plan([], { SETUP_HUB_PORT: 'eighty' })).toThrow('SETUP_HUB_PORT must be a port number (0-65535), not "eighty".');
  });
});
