import { QueryClient } from '@tanstack/react-query';
import { HubAPI } from '../../../../client/index.js';
import { startTestHub, type TestHub } from '../../../../server/hub/testing/test-hub.js';
import { NEWER_PRO_MODEL } from '../wizard/tree.js';
import { diagnosticReport, hubFacts, underVoltagePercentage } from './hub-diagnostics.js';

describe('hub diagnostics for a ticket', () => {
  let hub: TestHub;
  let client: HubAPI;
  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    client = HubAPI.open({ address: hub.url, id: hub.hub.id, token: hub.token });
  });
  afterAll(async () => {
    client.destroy();
    await hub.stop();
  });

  it('when the hub answers, then the report is its sendLog text and the newer model reports its under-voltage in percent', async () => {
    expect(await diagnosticReport(client)).toContain(hub.hub.id);
    expect(await underVoltagePercentage(new QueryClient(), client, NEWER_PRO_MODEL)).toMatch(/^\d+%$/);
    expect(await underVoltagePercentage(new QueryClient(), client, 'homey-pro')).toBe('');
  });

  it('when the hub answers, then its facts name its model, software, apps and users', async () => {
    const facts = await hubFacts(new QueryClient(), client);
    expect(facts).toMatchObject({ modelName: 'Open Hub Pro (2nd generation)', softwareVersion: hub.hub.version, users: expect.any(Number) });
    expect(facts.apps.split('\n')).toHaveLength(facts.appsCount);
  });

  it("when the hub refuses, then the seed's fallback texts stand in and nothing throws", async () => {
    const refused = HubAPI.open({ address: hub.url, id: hub.hub.id, token: 'not-a-token' });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await diagnosticReport(refused)).toBe("Couldn't generate report");
    expect(await underVoltagePercentage(new QueryClient(), refused, NEWER_PRO_MODEL)).toBe("Couldn't get under voltage ratio");
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    refused.destroy();
  });
});
