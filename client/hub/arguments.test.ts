import { cloudApis } from '../../generated/cloud/index.js';
import { hubApis } from '../../generated/hub/index.js';
import type { OperationSpec } from '../../generated/manifest.js';
import { createService } from '../cloud/service.js';
import { checkRoute } from './arguments.js';
import { createManager } from './manager.js';
import { Realtime } from './realtime.js';

const getZone: OperationSpec = {
  method: 'get',
  path: '/api/manager/zones/zone/{id}',
  auth: 'token',
  scopes: ['homey.zone.readonly'],
  private: false,
  crud: null,
  pathParams: ['id'],
  queryParams: [],
  body: null,
  args: [{ name: 'id', in: 'path', required: true, types: ['string'] }],
  status: 200,
};
const entry = (changes: Record<string, unknown>) => ({ ...getZone, ...changes }) as OperationSpec;
const never = () => Promise.reject(new Error('no call is made'));
const manager = { id: 'zones', uri: 'homey:manager:zones', itemTypes: {} };
const realtime = new Realtime({ address: 'http://127.0.0.1:9', token: 't', homeyId: 'hub' });
/** The two runtimes that make methods from a route table: a hub manager's and a cloud service's. */
const runtimes = {
  'a hub manager': (operation: OperationSpec) => createManager({ manager, operations: { getZone: operation } }, never, realtime),
  'a cloud service': (operation: OperationSpec) => createService<'account'>({ getZone: operation }, never),
};

describe('the route tables the runtimes are given', () => {
  it('when made from the generated manifests, then every entry passes', () => {
    const manifests = [...Object.values(hubApis), ...Object.values(cloudApis)];
    const entries = manifests.flatMap(({ operations }) => Object.values<OperationSpec>(operations));
    expect(entries.length).toBeGreaterThan(400);
    for (const operation of entries) expect(checkRoute(operation)).toBe(operation);
  });

  describe.each(Object.entries(runtimes))('%s', (_, make) => {
    it('when an entry has no path, a relative one, or one that does not name its path arguments, then Invalid Path', () => {
      for (const path of [undefined, 42, '', 'api/manager/zones/zone/{id}', '/api/manager/zones/zone/{zoneId}', '/api/manager/zones/zone/{id}/{other}', '/api/manager/zones/ zone/{id}']) {
        expect(() => make(entry({ path }))).toThrow(new Error('Invalid Path'));
      }
    });

    it("when an argument travels anywhere but the path, the query, the body or a header, then Invalid 'in'", () => {
      for (const place of ['cookie', undefined, 'PATH']) {
        const args = [...getZone.args, { name: 'session', in: place, required: false }];
        expect(() => make(entry({ args }))).toThrow(new Error("Invalid 'in'"));
      }
    });

    it('when every argument travels in a known place, then the methods are made', () => {
      const args = [...getZone.args, { name: 'q', in: 'query', required: false }, { name: 'X-Secret', in: 'header', required: false }];
      expect(make(entry({ args }))).toHaveProperty('getZone', expect.any(Function));
    });
  });
});
