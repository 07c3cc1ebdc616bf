import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToSupervisor } from './start-protocol.js';
import { Supervisor, type Supervised } from './supervisor.js';

describe("npm start's supervisor (scripts/supervisor.ts)", () => {
  const work = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
  const script = (name: string, code: string) => {
    const file = path.join(work, `${name}.cjs`);
    writeFileSync(file, code);
    return file;
  };
  /** Crashes as it starts, as a process with a bug at boot does. */
  const crashing = script('crashing', 'process.exit(3);');
  /** Serves until asked to stop, and says it is there. */
  const steady = script('steady', "process.send({ type: 'hub-linked', linked: true }); process.on('message', () => {}); process.on('SIGTERM', () => process.exit(0));");
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function supervised(name: string, entry: string): Supervised & { starts: number; messages: ToSupervisor[] } {
    return { name, entry, env: () => ({}), starts: 0, messages: [], onStart() { this.starts++; }, onMessage(message) { this.messages.push(message); } };
  }
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('when the start is up and a process crashes at every start, then it is restarted after a growing wait with a line each time, until too many stops in a burst leave it stopped, and the other keeps running', async () => {
    const supervisor = new Supervisor(() => { throw new Error('not during the start'); }, { restarts: 2, windowMs: 60_000, delayMs: 10, maxDelayMs: 15 });
    const server = supervised('server', steady);
    const crasher = supervised('crasher', crashing);
    supervisor.start(server);
    await until(() => server.messages.length === 1);
    supervisor.up = true;
    supervisor.start(crasher);
    await until(() => lines.length === 3);
    expect(lines).toEqual([
      'The crasher stopped (exit code 3): restarting it in 0.01 s.',
      'The crasher stopped (exit code 3): restarting it in 0.015 s.',
      'The crasher stopped (exit code 3), its stop 3 within 60 s: it is not restarted again; the others keep serving.',
    ]);
    expect(crasher.starts).toBe(3);
    expect(server.starts).toBe(1);
    expect(supervisor.send(server, { type: 'owner', accountId: 'a' })).toBe(true);
    expect(supervisor.send(crasher, { type: 'owner', accountId: 'a' })).toBe(false);
    expect(await supervisor.stop('SIGTERM')).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('when a process stops before the start is up, then the start fails with its exit code and nothing is restarted', async () => {
    let failed: number | undefined;
    const supervisor = new Supervisor((code) => (failed = code));
    const crasher = supervised('crasher', crashing);
    supervisor.start(crasher);
    await until(() => failed !== undefined);
    expect(failed).toBe(3);
    expect(crasher.starts).toBe(1);
    expect(lines).toEqual([]);
  });
});
