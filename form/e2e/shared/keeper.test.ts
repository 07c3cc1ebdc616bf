import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The keeper of the form e2e files' shared servers (keeper.mjs), started as servers.ts starts it. */
describe('the shared servers keeper', () => {
  it('when its servers cannot start, then it ends and leaves failed.json with the reason for the files that wait', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'keeper-'));
    try {
      const server = { file: process.execPath, args: ['-e', 'process.exit(3)'], env: {}, readyLine: '^never', timeoutMs: 60_000 };
      const browser = { executablePath: path.join(folder, 'no-chromium') };
      writeFileSync(path.join(folder, 'spec.json'), JSON.stringify({ server, browser, jestPid: process.pid, dataDir: folder }));
      const keeper = spawn(process.execPath, [path.join(__dirname, 'keeper.mjs'), folder], { stdio: 'ignore' });
      await new Promise((resolve) => keeper.once('exit', resolve));
      expect(existsSync(path.join(folder, 'failed.json'))).toBe(true);
      expect(JSON.parse(readFileSync(path.join(folder, 'failed.json'), 'utf8')).error).toEqual(expect.any(String));
      expect(existsSync(path.join(folder, 'ready.json'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
