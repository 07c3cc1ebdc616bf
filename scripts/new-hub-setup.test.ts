import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoSignIn, ensureDemo } from '../server/cloud/account/demo.js';
import { startTestAccount, type TestAccount } from '../server/cloud/account/testing/test-account.js';
import { createSetupService, type SetupService } from '../server/cloud/setup/service.js';
import { setUpNewHub } from './new-hub-setup.js';

describe('npm run demo:setup: a new hub set up end to end through a setup session', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'new-hub-setup-'));
  let account: TestAccount;
  let setup: SetupService;
  let setupUrl: string;
  beforeAll(async () => {
    account = await startTestAccount();
    setup = await createSetupService({ dataDir, accountKey: account.account.keys.publicPem });
    setupUrl = await setup.listen(0);
  });
  afterAll(async () => {
    await setup.close();
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("when npm start's demo account sets up a fresh hub, then each state is printed until ready and the hub answers the demo account as its owner under its new name and language", async () => {
    expect(demoSignIn(account.dataDir)).toBeUndefined();
    const demo = await ensureDemo(account, account.dataDir, { redirectUri: 'http://localhost:3000/cb', publicRedirectUri: 'http://localhost:4000/', hub: { _id: 'abcdefabcdefabcdefabcdef', name: 'Demo Home' } });
    const signIn = demoSignIn(account.dataDir)!;
    expect(signIn).toMatchObject({ email: demo.email, password: demo.password, clientSecret: demo.client.secret });
    const lines: string[] = [];

    const result = await setUpNewHub({
      cloudUrl: account.url,
      setupUrl,
      signIn,
      cloudPublicKey: account.account.keys.publicPem,
      hubSecretKey: 'test-hub-secret-key',
      name: 'Boat house',
      language: 'de',
      print: (line) => lines.push(line),
    });

    expect(result).toMatchObject({ name: 'Boat house', language: 'de', owner: { athomId: demo.accountId, isOwner: true, name: 'Demo Owner' } });
    expect(result.states).toEqual(['created', 'connected', 'configuring', 'ready']);
    const printed = lines.join('\n');
    expect(printed).toMatch(/serial number HP\d{4}D\d{7}, no owner, setup none/);
    expect(printed).toContain('the hub says: connected');
    for (const command of ['users.login', 'system.setSystemName', 'i18n.setOptionLanguage', 'setup.reset']) expect(printed).toContain(`${command}: done`);
    expect(printed).toContain("The hub's own account of its setup: ready");
    expect(lines.at(-1)).toMatch(/answers its owner .*: its name is "Boat house", its language de$/);
    expect(printed).not.toContain(signIn.password);
  }, 30_000);
});
