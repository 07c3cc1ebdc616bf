import { bearer, startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { HubAPI } from './hub-api.js';
import { isFlowBroken, whyFlowIsBroken } from './flow-broken.js';

async function waitFor(condition: () => Promise<boolean>, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Flow.isBroken against a real hub', () => {
  let hub: TestHub;
  let api: HubAPI;
  beforeAll(async () => {
    hub = await startTestHub();
    api = await HubAPI.connect({ address: hub.url, token: hub.token });
  });
  afterAll(async () => {
    api.destroy();
    await hub.stop();
  });

  it('when the flow or flowtoken manager is not connected, then the precondition error', async () => {
    const flow = { trigger: { id: 'x' }, conditions: [], actions: [] };
    await expect(isFlowBroken(api, flow)).rejects.toThrow('Flow.isBroken requires the flow and flow-token managers to be connected');
    await api.flow.connect();
    await expect(isFlowBroken(api, flow)).rejects.toThrow('Flow.isBroken requires the flow and flow-token managers to be connected');
  });

  it('when a card, a dropped token or a referenced token is missing, then broken; when all are there, not', async () => {
    await Promise.all([api.flow.connect(), api.flowtoken.connect()]);
    const trigger = Object.values(await api.flow.getFlowCardTriggers()).find((card) => card.tokens.length > 0)!;
    const action = Object.values(await api.flow.getFlowCardActions())[0]!;
    const global = Object.values(await api.flowtoken.getFlowTokens())[0]!;
    const globalRef = `${global.uri}|${global.id.slice(global.uri.length + 1)}`;
    const flow = (args: Record<string, unknown>, droptoken: string | null = null) => ({
      trigger: { id: trigger.id },
      conditions: [],
      actions: [{ id: action.id, args, droptoken }],
    });
    expect(await isFlowBroken(api, flow({ text: `[[${trigger.tokens[0]!.id}]] and [[${globalRef}]]` }))).toBe(false);
    expect(await isFlowBroken(api, flow({}, globalRef))).toBe(false);
    expect(await isFlowBroken(api, { ...flow({}), trigger: { id: `${trigger.id}-gone` } })).toBe(true);
    expect(await isFlowBroken(api, flow({ text: '[[no-such-token]]' }))).toBe(true);
    expect(await isFlowBroken(api, flow({ text: '[[homey:device:gone|onoff]]' }))).toBe(true);
    expect(await isFlowBroken(api, flow({}, 'homey:device:gone|onoff'))).toBe(true);
    const advanced = { cards: { a: { type: 'trigger' as const, id: trigger.id }, b: { type: 'action' as const, id: action.id, args: { text: `[[${trigger.tokens[0]!.id}]]` } } } };
    expect(await isFlowBroken(api, advanced)).toBe(false);
    expect(await isFlowBroken(api, { cards: { ...advanced.cards, c: { type: 'condition' as const, id: 'homey:device:gone:on' } } })).toBe(true);
  });

  it('when asked why, then Missing Token names the first missing reference and Missing Card the missing card; a whole flow, nothing', async () => {
    await Promise.all([api.flow.connect(), api.flowtoken.connect()]);
    const trigger = Object.values(await api.flow.getFlowCardTriggers()).find((card) => card.tokens.length > 0)!;
    const action = Object.values(await api.flow.getFlowCardActions())[0]!;
    const flow = (args: Record<string, unknown>, droptoken: string | null = null) => ({ trigger: { id: trigger.id }, conditions: [], actions: [{ id: action.id, args, droptoken }] });
    await expect(whyFlowIsBroken(api, flow({ text: `[[${trigger.tokens[0]!.id}]]` }))).resolves.toBeUndefined();
    expect(await whyFlowIsBroken(api, flow({ text: `[[${trigger.tokens[0]!.id}]] [[no-such-token]] [[other]]` }))).toMatchObject({ message: 'Missing Token: no-such-token' });
    expect(await whyFlowIsBroken(api, flow({ text: '[[other]]' }, 'homey:device:gone|onoff'))).toMatchObject({ message: 'Missing Token: homey:device:gone|onoff' });
    expect(await whyFlowIsBroken(api, { ...flow({}), trigger: { id: `${trigger.id}-gone` } })).toMatchObject({ message: `Missing Card: ${trigger.id}-gone` });
  });

  it("when the hub deletes a logic variable a flow refers to, then the client finds the flow broken by Missing Token", async () => {
    await Promise.all([api.flow.connect(), api.flowtoken.connect()]);
    const variable = await api.logic.createVariable({ variable: { name: 'Goal', type: 'number', value: 3 } });
    const token = Object.values(await api.flowtoken.getFlowTokens()).find((candidate) => candidate.id.endsWith(variable.id))!;
    const reference = `${token.uri}|${token.id.slice(token.uri.length + 1)}`;
    const trigger = Object.values(await api.flow.getFlowCardTriggers())[0]!;
    const action = Object.values(await api.flow.getFlowCardActions()).find((card) => card.args?.length === 1 && card.args[0]!.type === 'text')!;
    const textArg = action.args.find((arg: { type: string }) => arg.type === 'text')!.name;
    const created = await api.flow.createFlow({ flow: { name: 'Uses a variable', trigger: { id: trigger.id, uri: trigger.ownerUri }, conditions: [], actions: [{ id: action.id, uri: action.ownerUri, group: 'then', args: { [textArg]: `Goal: [[${reference}]]` } }] } });
    await expect(whyFlowIsBroken(api, created)).resolves.toBeUndefined();
    await api.logic.deleteVariable({ id: variable.id });
    await waitFor(async () => (await whyFlowIsBroken(api, created))?.message === `Missing Token: ${reference}`);
    expect(await isFlowBroken(api, created)).toBe(true);
    await api.flow.deleteFlow({ id: created.id });
  });

  it("when the hub's own flows are checked, then the client agrees with the hub's broken flag", async () => {
    await Promise.all([api.flow.connect(), api.flowtoken.connect()]);
    const flows = Object.values(await api.flow.getFlows());
    const { body: asTheHubSaysIt } = await hub.http().get('/api/manager/flow/flow').set(bearer(hub.token)).expect(200);
    expect(flows.length).toBeGreaterThan(0);
    for (const flow of flows) expect(await isFlowBroken(api, flow)).toBe(asTheHubSaysIt[flow.id].broken);
  });

  it('when flows and advanced flows are read, written or sent as events, then they come without broken; other items keep every field', async () => {
    await api.flow.connect();
    const trigger = Object.values(await api.flow.getFlowCardTriggers())[0]!;
    const events: unknown[] = [];
    const stop = api.flow.on('flow.update', (flow) => events.push(flow));
    const itemEvents: unknown[] = [];
    const created = await api.flow.createFlow({ flow: { name: 'Read me', trigger: { id: trigger.id, uri: trigger.ownerUri }, conditions: [], actions: [] } });
    const unsubscribe = await api.subscribe(`homey:flow:${created.id}`, ({ data }) => itemEvents.push(data));
    const updated = await api.flow.updateFlow({ id: created.id, flow: { name: 'Read me again' } });
    await waitFor(async () => events.length > 0 && itemEvents.length > 0);
    const advanced = await api.flow.createAdvancedFlow({ advancedflow: { name: 'Canvas', cards: {} } });
    const answers = [created, updated, await api.flow.getFlow({ id: created.id }), ...Object.values(await api.flow.getFlows()), advanced, ...Object.values(await api.flow.getAdvancedFlows()), ...events, ...itemEvents];
    for (const answer of answers) expect(answer).not.toHaveProperty('broken');
    expect(updated).toMatchObject({ name: 'Read me again', triggerable: expect.any(Boolean) });
    expect(await api.flow.getFlowCardTriggers()).toEqual((await hub.http().get('/api/manager/flow/flowcardtrigger').set(bearer(hub.token))).body);
    stop();
    unsubscribe();
    await api.flow.deleteFlow({ id: created.id });
    await api.flow.deleteAdvancedFlow({ id: advanced.id });
  });
});
