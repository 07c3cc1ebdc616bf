import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cloudApis } from '../generated/cloud/index.js';
import { hubApis } from '../generated/hub/index.js';
import type { OperationSpec } from './manifest-types.js';
import { cloudGaps, cloudServiceId, PARTIAL_CLOUD_SERVICES, coverage, loadCloudReference, loadReference, parseReference, referenceFile, type Contract } from './reference-coverage.js';

const header = 'manager_id\tmanager\toperationId\tmethod\tpath\tscopes\tprivate\tcrud\tparameters';
const spec = (over: Partial<OperationSpec>): OperationSpec => ({
  method: 'put', path: '/api/manager/demo/thing/{id}', auth: 'token', scopes: ['homey.system'], private: false, crud: null,
  pathParams: ['id'], queryParams: [], body: { kind: 'root', name: 'thing', required: true },
  args: [{ name: 'id', in: 'path', required: true }, { name: 'thing', in: 'body', required: true }], status: 200, ...over,
});
const contractOf = (operations: Record<string, OperationSpec>): Contract => ({
  demo: { manager: { id: 'demo', uri: 'homey:manager:demo', itemTypes: {} }, operations },
});

/** The managers of seed 002 §7 (the reference's manager ids); the reference's other rows are later extensions. */
const seedManagers = [
  'alarms', 'apps', 'audio', 'backup', 'ble', 'cloud', 'coprocessor', 'dashboards', 'database', 'devices', 'devkit', 'drivers',
  'energy', 'experiments', 'flow', 'flowtoken', 'geolocation', 'google-assistant', 'i18n', 'images', 'insights', 'ledring',
  'logic', 'matter', 'mobile', 'moods', 'notifications', 'presence', 'reports', 'rf', 'sessions', 'speech-output', 'system',
  'thread', 'updates', 'users', 'zigbee', 'zones', 'zwave',
];

describe('reference coverage (scripts/reference-coverage.ts)', () => {
  const reference = parseReference(
    [header, 'demo\tManagerDemo\tupdateThing\tPUT\t/api/manager/demo/thing/:id\thomey.system\t\tupdateOne:Thing\tid(path,req,string) thing(body,root,req,object)',
      'other\tManagerOther\tgetState\tGET\t/api/manager/other/state\thomey.system.readonly\t\t\t'].join('\n'),
  );

  it('when an operation matches its row in method, path, scopes, privacy and arguments, then it is served', () => {
    const [demo, other] = coverage(reference, contractOf({ updateThing: spec({}), extraThing: spec({ path: '/x' }) }));
    expect(demo).toEqual({ manager: 'demo', inContract: true, served: ['updateThing'], missing: [], differing: [], extra: ['extraThing'] });
    expect(other).toMatchObject({ manager: 'other', inContract: false, missing: ['getState'] });
  });

  it('when an operation differs from its row, then each difference is named', () => {
    const differing = spec({
      method: 'post', path: '/api/manager/demo/thing/{thingId}', scopes: ['homey.system.readonly'], private: true,
      body: { kind: 'fields', names: ['thing'], required: true },
    });
    const [demo] = coverage(reference, contractOf({ updateThing: differing }));
    expect(demo!.differing).toEqual([{
      operationId: 'updateThing',
      differences: [
        'method POST, reference PUT',
        'path /api/manager/demo/thing/{thingId}, reference /api/manager/demo/thing/{id}',
        'scopes [homey.system.readonly], reference [homey.system]',
        'private, reference public',
        'arguments id(path) thing(body), reference id(path) thing(body,root)',
      ],
    }]);
    expect(coverage(reference, contractOf({}))[0]!.missing).toEqual(['updateThing']);
  });

  it("when a row of the older generation names the scope SYSTEM, then homey.system or its readonly half matches, nothing else", () => {
    const legacy = parseReference([header, 'demo\tManagerDemo\tgetOptionVolume\tGET\t/api/manager/demo/option/volume\tSYSTEM\t\t\t'].join('\n'));
    const option = (scopes: string[]) => spec({ method: 'get', path: '/api/manager/demo/option/volume', scopes, pathParams: [], body: null, args: [] });
    expect(coverage(legacy, contractOf({ getOptionVolume: option(['homey.system.readonly']) }))[0]!.served).toEqual(['getOptionVolume']);
    expect(coverage(legacy, contractOf({ getOptionVolume: option(['homey.system']) }))[0]!.served).toEqual(['getOptionVolume']);
    expect(coverage(legacy, contractOf({ getOptionVolume: option(['homey.zone']) }))[0]!.differing).toHaveLength(1);
  });

  it('when the reference is missing from the folder given as the repository, then the error names the file and where it belongs', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'coverage-'));
    try {
      expect(() => referenceFile(empty)).toThrow(/reference .*docs\/reference\/hub-operations\.tsv is missing: it is part of the repository/);
      expect(referenceFile(process.cwd())).toBe(path.join(process.cwd(), 'docs', 'reference', 'hub-operations.tsv'));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('when a manager is one seed 002 names, or in the contract, then it is there and serves every reference row of it exactly', () => {
    const report = coverage(loadReference(process.cwd()), hubApis).filter((manager) => manager.inContract || seedManagers.includes(manager.manager));
    const gaps = report.flatMap((manager) => [
      ...manager.missing.map((id) => `${manager.manager}.${id}: missing`),
      ...manager.differing.map(({ operationId, differences }) => `${manager.manager}.${operationId}: ${differences.join('; ')}`),
    ]);
    expect(gaps).toEqual([]);
    expect(report.length).toBeGreaterThan(0);
  });
});

describe('cloud reference coverage (cloud-operations.tsv)', () => {
  const cloudHeader = 'service\toperationId\tmethod\tpath\tparameters';
  const reference = parseReference([
    cloudHeader,
    'AthomCloudAPI\tupdateThing\tPUT\t/thing/{id}\tid(path,req,string) thing(body,req,object)',
    'AthomCloudAPI\tgetToken\tPOST\t/token\tclient_id(formData,req,string)',
    'AthomStoreAPI\tgetOrders\tGET\t/order\t',
    'AthomStoreAPI\tgetOrder\tGET\t/order/{id}\tid(path,req,string)',
  ].join('\n'));
  const contract = (manager: string, operations: Record<string, OperationSpec>): Contract => ({ [manager]: { manager: { id: manager, uri: `homey:manager:${manager}`, itemTypes: {} }, operations } });
  const update = spec({ path: '/thing/{id}', scopes: ['account'] });
  const token = spec({ method: 'post', path: '/token', pathParams: [], body: { kind: 'fields', names: ['client_id'], required: true }, args: [{ name: 'client_id', in: 'body', required: true }] });
  const orders = spec({ method: 'get', path: '/order', pathParams: [], body: null, args: [] });

  it('when cloud rows are read, then the service is named by its id, form fields are body fields, and scopes are not compared', () => {
    expect(cloudServiceId('AthomCloudAPI')).toBe('account');
    expect(cloudServiceId('AthomStoreAPI')).toBe('store');
    expect(reference[0]).toMatchObject({ manager: 'account', scopes: null, private: null, args: ['id(path)', 'thing(body)'] });
    const [account] = coverage(reference, contract('account', { updateThing: update, getToken: token }));
    expect(account).toMatchObject({ served: ['updateThing', 'getToken'], missing: [], differing: [] });
  });

  it('when a built service lacks a row, then it is a gap, unless the service may still be partial (PARTIAL_CLOUD_SERVICES)', () => {
    const account = coverage(reference, contract('account', { updateThing: update }));
    expect(cloudGaps(account)).toEqual(['account.getToken: missing']);
    const store = coverage(reference, contract('store', { getOrders: orders }));
    expect(store.find((service) => service.manager === 'store')).toMatchObject({ served: ['getOrders'], missing: ['getOrder'] });
    expect(cloudGaps(store)).toEqual(PARTIAL_CLOUD_SERVICES.includes('store') ? [] : ['store.getOrder: missing']);
    const differing = coverage(reference, contract('store', { getOrders: spec({ method: 'post', path: '/order', pathParams: [], body: null, args: [] }) }));
    expect(cloudGaps(differing)).toContain('store.getOrders: method POST, reference GET');
  });

  it('when a cloud service is in the contract, then it serves its reference rows exactly (all of them unless partial)', () => {
    const report = coverage(loadCloudReference(process.cwd()), cloudApis);
    expect(cloudGaps(report)).toEqual([]);
    expect(report.find((service) => service.manager === 'account')).toMatchObject({ inContract: true, missing: [], differing: [] });
  });
});
