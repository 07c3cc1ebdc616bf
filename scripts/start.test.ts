import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exited, printed, spawnScript, stop, waitForOutput } from './child.js';

const formBuilt = existsSync(path.join(process.cwd(), 'form', 'dist', 'index.html'));

describe('npm start (scripts/start.ts)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'start-test-'));
  const dataDir = path.join(work, 'data');
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
    const child = spawnScript('scripts/start.ts', { FORM_PORT: '0', DOCS_DIR: docsDir, ...env });
    running.push(child);
    const output = await waitForOutput(child, /^Ctrl-C stops the hub/);
    return { child, output, url: printed(output, 'Hub URL')!, token: printed(output, 'Personal access token')! };
  }

  const getZones = (url: string, token: string) => fetch(`${url}/api/manager/zones/zone`, { headers: { Authorization: `Bearer ${token}` } });

  it('when started, used, stopped and started again on its data folder, then it prints the same token and keeps the data', async () => {
    const first = await start({ HUB_PORT: '0', DATA_DIR: dataDir });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.token).toMatch(/^\S{20,}$/);
    expect(first.output).toContain(`API docs: ${first.url}/docs/`);
    expect(first.output).toContain(`Try: curl -H "Authorization: Bearer ${first.token}" ${first.url}/api/manager/`);
    const zones = await getZones(first.url, first.token);
    expect(zones.status).toBe(200);
    const root = Object.values<{ id: string; parent: string | null }>(await zones.json()).find((zone) => zone.parent === null)!;
    const created = await fetch(`${first.url}/api/manager/zones/zone`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Cellar', icon: 'cellar', parent: root.id }),
    }).then((response) => response.json());
    expect(await stop(first.child, 'SIGTERM')).toBe(0);

    const second = await start({ HUB_PORT: '0', DATA_DIR: dataDir });
    expect(second.token).toBe(first.token);
    const after = await getZones(second.url, second.token).then((response) => response.json());
    expect(after[created.id]).toEqual(created);
    await stop(second.child, 'SIGINT');
  }, 60_000);

  it('when the printed token was revoked, then the next start prints a new one that works and says the old one was revoked', async () => {
    const revokedDir = path.join(work, 'revoked-data');
    const first = await start({ HUB_PORT: '0', DATA_DIR: revokedDir });
    const auth = { Authorization: `Bearer ${first.token}` };
    const me = await fetch(`${first.url}/api/manager/sessions/session/me`, { headers: auth }).then((response) => response.json());
    expect((await fetch(`${first.url}/api/manager/sessions/session/${me.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await getZones(first.url, first.token)).status).toBe(401);
    await stop(first.child);

    const second = await start({ HUB_PORT: '0', DATA_DIR: revokedDir });
    expect(second.token).toMatch(/^\S{20,}$/);
    expect(second.token).not.toBe(first.token);
    expect(second.output).toContain('The previous personal access token had been revoked: a new one was issued.');
    expect((await getZones(second.url, second.token)).status).toBe(200);
    await stop(second.child);
  }, 60_000);

  it('when the docs folder is built, then the hub serves its index at /docs/', async () => {
    const { url, child } = await start({ HUB_PORT: '0', DATA_DIR: path.join(work, 'docs-data') });
    const page = await fetch(`${url}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('API documentation');
    await stop(child);
  });

  it('when the form is not built, then it says so and the hub runs anyway; when it is, then it serves it', async () => {
    const { output, child } = await start({ HUB_PORT: '0', DATA_DIR: path.join(work, 'form-data') });
    const line = printed(output, 'Support form')!;
    if (formBuilt) expect((await fetch(line)).status).toBe(200);
    else expect(line).toMatch(/^not built/);
    await stop(child);
  });

  it('when the hub port is taken, then it exits 1 with a message naming the port and HUB_PORT', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    try {
      const child = spawnScript('scripts/start.ts', { HUB_PORT: String(port), FORM_PORT: '0', DATA_DIR: path.join(work, 'busy-data') });
      running.push(child);
      await expect(waitForOutput(child, /already in use/)).resolves.toMatch(new RegExp(`Port ${port} is already in use.*HUB_PORT=`));
      expect(await exited(child)).toBe(1);
    } finally {
      blocker.close();
    }
  });

  it('when HUB_PORT is not a port number, then it exits 1 saying so', async () => {
    const child = spawnScript('scripts/start.ts', { HUB_PORT: 'eighty', DATA_DIR: path.join(work, 'bad-data') });
    running.push(child);
    await expect(waitForOutput(child, /HUB_PORT/)).resolves.toContain('HUB_PORT must be a port number (0-65535), not "eighty".');
    expect(await exited(child)).toBe(1);
  });

  it('when CLOUD_PUBLIC_KEY_FILE is missing or not a public key, then it exits 1 saying so', async () => {
    const notAKey = path.join(work, 'not-a-key.pem');
    writeFileSync(notAKey, 'hello');
    for (const file of [path.join(work, 'missing.pem'), notAKey]) {
      const child = spawnScript('scripts/start.ts', { HUB_PORT: '0', CLOUD_PUBLIC_KEY_FILE: file, DATA_DIR: path.join(work, 'key-data') });
      running.push(child);
      await expect(waitForOutput(child, /CLOUD_PUBLIC_KEY_FILE/)).resolves.toContain(`CLOUD_PUBLIC_KEY_FILE must name a PEM public key file: ${file}`);
      expect(await exited(child)).toBe(1);
    }
  });

  it('when HOST is 0.0.0.0, then it listens on every interface and prints a URL to browse to', async () => {
    const { url, child } = await start({ HOST: '0.0.0.0', HUB_PORT: '0', DATA_DIR: path.join(work, 'host-data') });
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect((await fetch(`http://127.0.0.1:${new URL(url).port}/api/manager/system/ping`)).status).toBe(200);
    await stop(child);
  });
});
