import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exited, freePort, spawnBin, stop, waitForOutput } from './child.js';

const zones = JSON.parse(readFileSync(path.join(process.cwd(), 'generated', 'hub', 'zones.openapi.json'), 'utf8'));
const examples = zones.paths['/api/manager/zones/zone'].get.responses['200'].content['application/json'].examples;
const listExample = (Object.values(examples)[0] as { value: unknown }).value;

/**
 * `npm run mock -- <api>` on a free port for each API the tests below call, all started side by side before them (a
 * Prism start costs seconds) and stopped after them. The cloud services are mocked together, from their group's joined
 * contract, which carries each service's examples at its own paths.
 */
const MOCKED = ['hub/zones', 'cloud', 'support'] as const;
const bases = new Map<(typeof MOCKED)[number], string>();
const children: ChildProcess[] = [];
beforeAll(async () => {
  await Promise.all(MOCKED.map(async (api) => {
    const port = await freePort();
    const child = spawnBin('tsx', ['scripts/mock.ts', api], { MOCK_PORT: String(port) });
    children.push(child);
    await waitForOutput(child, /Prism is listening/, 60_000);
    bases.set(api, `http://127.0.0.1:${port}`);
  }));
}, 90_000);
afterAll(() => Promise.all(children.map((child) => stop(child))));
/** The address of the mock of `api`, once the beforeAll above has started it. */
const baseOf = (api: (typeof MOCKED)[number]) => () => bases.get(api)!;

describe('npm run mock (scripts/mock.ts)', () => {
  describe('one manager of the hub', () => {
    const base = baseOf('hub/zones');

    it('when mocking hub/zones, then listing zones answers the contract example as JSON', async () => {
      const response = await fetch(`${base()}/api/manager/zones/zone`, { headers: { Authorization: 'Bearer any' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual(listExample);
    });
  });

  describe('the cloud services, their group mocked as one', () => {
    const base = baseOf('cloud');

    it('when mocking the cloud account service, then its key endpoint answers the example PEM as a JSON string', async () => {
      const response = await fetch(`${base()}/delegation/key`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    });

    it('when mocking the cloud apps service, then an app and the store front answer the contract examples', async () => {
      const app = await fetch(`${base()}/apps/api/v1/app/com.example.suntimes`).then((response) => response.json());
      expect(app).toMatchObject({ id: 'com.example.suntimes', author: { verified: true } });
      const page = await fetch(`${base()}/apps/api/v1/app/browse?platform[]=local`).then((response) => response.json());
      expect(page).toEqual({ total: 0, offset: 0, limit: 20, apps: [] });
    });

    it('when mocking a content service, then its answers are the contract examples', async () => {
      const response = await fetch(`${base()}/infrared/brand`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ id: 'lg', name: 'LG' }, { id: 'samsung', name: 'Samsung' }]);
    });

    it('when mocking the connect service, then ping answers the example for a caller with a token and 401 without', async () => {
      const ping = `${base()}/homey/5f7e3a1b2c4d6e8f9a0b1c2d/ping`;
      const online = await fetch(ping, { headers: { Authorization: 'Bearer token' } });
      expect(online.status).toBe(200);
      expect(await online.json()).toBe(true);
      expect((await fetch(ping)).status).toBe(401);
    });

    it("when mocking the cloud backup service, then a user's backups answer the contract example", async () => {
      const response = await fetch(`${base()}/backup/user/me?token=any`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([expect.objectContaining({ state: 'complete', hash: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    });
  });

  describe('the support back end', () => {
    const base = baseOf('support');

    it('when mocking the support back end, then its config and a ticket answer the contract examples', async () => {
      const config = await fetch(`${base()}/api/config`).then((response) => response.json());
      expect(config.partnerAuthorIds).toHaveLength(5);
      const ticket = await fetch(`${base()}/api/zendesk/ticket/1042`, { headers: { Authorization: 'Bearer any' } });
      expect(ticket.status).toBe(200);
      expect(await ticket.json()).toMatchObject({ id: '1042', status: 'new' });
    });
  });

  it('when the API name is unknown, then it exits 1 listing the APIs', async () => {
    const child = spawnBin('tsx', ['scripts/mock.ts', 'hub/nope']);
    const output = await waitForOutput(child, /hub\/zones/);
    expect(output).toContain('Unknown API "hub/nope"');
    expect(output).toMatch(/^ {2}hub$/m);
    expect(await exited(child)).toBe(1);
  });
});
