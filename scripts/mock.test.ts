import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exited, freePort, spawnBin, stop, waitForOutput } from './child.js';

const zones = JSON.parse(readFileSync(path.join(process.cwd(), 'generated', 'hub', 'zones.openapi.json'), 'utf8'));
const examples = zones.paths['/api/manager/zones/zone'].get.responses['200'].content['application/json'].examples;
const listExample = (Object.values(examples)[0] as { value: unknown }).value;

describe('npm run mock (scripts/mock.ts)', () => {
  it('when mocking hub/zones, then listing zones answers the contract example as JSON', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'hub/zones'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const response = await fetch(`http://127.0.0.1:${port}/api/manager/zones/zone`, { headers: { Authorization: 'Bearer any' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual(listExample);
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when mocking the cloud account service, then its key endpoint answers the example PEM as a JSON string', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'cloud/account'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const response = await fetch(`http://127.0.0.1:${port}/delegation/key`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when mocking the cloud apps service, then an app and the store front answer the contract examples', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'cloud/apps'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const app = await fetch(`http://127.0.0.1:${port}/app/com.example.suntimes`).then((response) => response.json());
      expect(app).toMatchObject({ id: 'com.example.suntimes', author: { verified: true } });
      const page = await fetch(`http://127.0.0.1:${port}/app/browse?platform[]=local`).then((response) => response.json());
      expect(page).toEqual({ total: 0, offset: 0, limit: 20, apps: [] });
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when mocking a content service, then its answers are the contract examples', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'cloud/infrared'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const response = await fetch(`http://127.0.0.1:${port}/brand`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ id: 'lg', name: 'LG' }, { id: 'samsung', name: 'Samsung' }]);
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when mocking the connect service, then ping answers the example for a caller with a token and 401 without', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'cloud/connect'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const ping = `http://127.0.0.1:${port}/homey/5f7e3a1b2c4d6e8f9a0b1c2d/ping`;
      const online = await fetch(ping, { headers: { Authorization: 'Bearer token' } });
      expect(online.status).toBe(200);
      expect(await online.json()).toBe(true);
      expect((await fetch(ping)).status).toBe(401);
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when mocking the cloud backup service, then a user\'s backups answer the contract example', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'cloud/backup'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const response = await fetch(`http://127.0.0.1:${port}/user/me?token=any`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([expect.objectContaining({ state: 'complete', hash: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when mocking the support back end, then its config and a ticket answer the contract examples', async () => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', 'support'], { MOCK_PORT: String(port) });
    try {
      await waitForOutput(child, /Prism is listening/);
      const config = await fetch(`http://127.0.0.1:${port}/api/config`).then((response) => response.json());
      expect(config.partnerAuthorIds).toHaveLength(5);
      const ticket = await fetch(`http://127.0.0.1:${port}/api/zendesk/ticket/1042`, { headers: { Authorization: 'Bearer any' } });
      expect(ticket.status).toBe(200);
      expect(await ticket.json()).toMatchObject({ id: '1042', status: 'new' });
    } finally {
      await stop(child);
    }
  }, 40_000);

  it('when the API name is unknown, then it exits 1 listing the APIs', async () => {
    const child = spawnBin('tsx', ['scripts/mock.ts', 'hub/nope']);
    const output = await waitForOutput(child, /hub\/zones/);
    expect(output).toContain('Unknown API "hub/nope"');
    expect(output).toMatch(/^ {2}hub$/m);
    expect(await exited(child)).toBe(1);
  });
});
