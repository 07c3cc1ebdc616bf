import { hubApis } from '../../../generated/hub/index.js';
import type { OperationSpec } from '../../../generated/manifest.js';
import { hasScope } from '../../http/scopes.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const radios = ['zigbee', 'zwave', 'ble', 'rf', 'coprocessor', 'matter', 'thread'] as const;
/** Scopes that grant none of the radio managers' operations but a few of them (thread's topology and datasets). */
const narrow = [['homey.zone.readonly'], ['homey.device.readonly'], ['homey.system.readonly']];

const cases = radios.flatMap((manager) =>
  Object.entries<OperationSpec>(hubApis[manager].operations).map(([operationId, spec]) => ({ manager, operationId, spec })),
);

describe('the radio managers’ scopes', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it.each(cases)('when a session lacks the scope of $manager $operationId, then 403 before anything is read', async ({ spec }) => {
    const scopes = narrow.find((candidate) => !spec.scopes.some((needed) => hasScope(candidate, needed)));
    expect(scopes).toBeDefined();
    const path = spec.path.replace(/\{[^}]+\}/g, 'x');
    const agent = hub.http();
    const method = spec.method as 'get' | 'post' | 'put' | 'delete';
    const request = agent[method](path).set(bearer(hub.tokenWith(scopes!)));
    const { body } = await (spec.method === 'get' || spec.method === 'delete' ? request : request.send({})).expect(403);
    expect(body).toMatchObject({ statusCode: 403, error: expect.any(String), error_description: expect.stringContaining(spec.scopes[0]!) });
  });
});
