import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppWorker } from './app-worker.js';

describe('an app worker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'app-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when a call is made after the worker has ended, then it is refused at once instead of waiting for an answer that never comes', async () => {
    let ended!: () => void;
    const exited = new Promise<void>((resolve) => (ended = resolve));
    const worker = new AppWorker(
      { appDir: path.join(dir, 'app'), settings: {}, now: Date.now(), env: {}, debug: false, hub: { userdata: path.join(dir, 'userdata') } },
      { message: () => undefined, output: () => undefined, exit: () => ended() },
    );
    await worker.stop();
    await exited;
    await expect(worker.call({ type: 'usage' })).rejects.toThrow('The app stopped');
  });
});
