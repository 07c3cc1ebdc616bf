import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './apis.js';
import { startTestAccount, type TestAccount } from '../server/cloud/account/testing/test-account.js';

/** npm run admin's script on a data folder, as an operator runs it: its exit code and what it printed. */
function admin(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.CLOUD_DATABASE_URL;
  return new Promise((resolve) => {
    execFile(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', ...args], { cwd: root, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run admin: roles on the cloud account database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-script-'));
  let account: TestAccount;
  let email: string;

  beforeAll(async () => {
    // The account service of DATA_DIR as npm start runs it: SQLite in DATA_DIR/cloud, running beside the command.
    account = await startTestAccount({ dataDir: path.join(dataDir, 'cloud'), databaseUrl: undefined });
    ({ email } = await account.signUp('Reviewer@Example.com'));
  });
  afterAll(async () => {
    await account.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when an operator grants app_reviewer and lists, then each prints one line and the service sees the role', async () => {
    expect(await admin(dataDir, 'grant', 'reviewer@example.com', 'app_reviewer')).toEqual({ code: 0, stdout: `${email}: granted app_reviewer (roles app_reviewer)\n`, stderr: '' });
    expect(await admin(dataDir, 'grant', email, 'app_reviewer')).toMatchObject({ code: 0, stdout: `${email}: granted app_reviewer (roles app_reviewer)\n` });
    expect(await admin(dataDir, 'list', email)).toEqual({ code: 0, stdout: `${email}: roles app_reviewer\n`, stderr: '' });
    const { access_token } = await account.tokens(email);
    expect((await account.http().get('/user/me').set('Authorization', `Bearer ${access_token}`).expect(200)).body.roles).toEqual(['app_reviewer']);
    expect(await admin(dataDir, 'revoke', email, 'app_reviewer')).toMatchObject({ code: 0, stdout: `${email}: revoked app_reviewer (roles none)\n` });
  }, 60_000);

  it('when the e-mail, the role or the command is unknown, then it prints one line on stderr and exits 1', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'admin-empty-'));
    // Four runs that change nothing, side by side: each is a process start of its own.
    const [unknownEmail, unknownRole, unknownCommand, noData] = await Promise.all([
      admin(dataDir, 'grant', 'nobody@example.com', 'admin'),
      admin(dataDir, 'grant', email, 'superuser'),
      admin(dataDir, 'promote', email),
      admin(empty, 'list', email),
    ]);
    rmSync(empty, { recursive: true, force: true });
    expect(unknownEmail).toEqual({ code: 1, stdout: '', stderr: 'Unknown e-mail: nobody@example.com\n' });
    expect(unknownRole).toEqual({ code: 1, stdout: '', stderr: 'Unknown role: superuser (roles: admin, app_reviewer, app_developer_trusted, installer)\n' });
    expect(unknownCommand).toMatchObject({ code: 1, stdout: '' });
    expect(noData.stderr).toMatch(/^No cloud account data in .+\n$/);
  }, 60_000);
});
