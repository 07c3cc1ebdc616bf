import request from 'supertest';
import { appApis } from '../../generated/app/index.js';
import { appBundles } from '../../generated/app/bundles.js';
import { cloudBundles } from '../../generated/cloud/bundles.js';
import { cloudApis } from '../../generated/cloud/index.js';
import { hubBundles } from '../../generated/hub/bundles.js';
import { hubApis } from '../../generated/hub/index.js';
import type { OperationSpec } from '../../generated/manifest.js';
import supportContract from '../../generated/support.openapi.json' with { type: 'json' };
import * as support from '../../generated/support.operations.js';
import { httpCall, inputsOf, kernelOf, socketArgs, type ContractGroup, type Json } from './testing/contract-inputs.js';
import { ContractValidator } from './validator.js';

/**
 * Every number and integer input of every operation of every bundled contract (hub managers, app routes, cloud
 * services, support), sent as Infinity, -Infinity, NaN and 1e400 through the kernel's HTTP app over that contract:
 * 400 naming the input, and the handler never runs. Each app is the kernel's own (createHttpApp, the API's
 * contract, its validator) over handlers that only record a call; the caller holds every scope, since the kernel
 * admits a caller before it validates the input. The other required inputs come from the contract's examples.
 */
const groups: ContractGroup[] = [
  { name: 'hub', apis: { ...hubApis, ...appApis }, contracts: { ...hubBundles, ...appBundles } },
  ...Object.entries(cloudApis).map(([id, api]) => ({ name: `cloud ${id}`, apis: { [id]: api }, contracts: { [id]: cloudBundles[id]! } })),
  { name: 'support', apis: { support }, contracts: { support: supportContract } },
];

const BAD_TEXT = ['Infinity', '-Infinity', 'NaN', '1e400'];
/** JSON has no Infinity or NaN: a body carries them as numbers too large for a double. */
const BAD_JSON = ['1e400', '-1e400'];

/** Each number input of each operation of a group, with a value for every other input it needs. */
const casesOf = ({ apis, contracts }: (typeof groups)[number]) =>
  Object.entries(apis).flatMap(([id, { operations }]) =>
    Object.entries(operations).flatMap(([operationId, spec]) => {
      const { inputs, bodyRequired } = inputsOf(contracts[id] as Json, spec.path, spec.method);
      return inputs.filter((input) => input.numeric).flatMap((input) =>
        (input.in === 'body' ? BAD_JSON : BAD_TEXT).map((bad) => ({ label: `${id}.${operationId} ${input.in} ${input.name}=${bad}`, spec, inputs, bodyRequired, input, bad })),
      );
    }),
  );

describe('Bounds of number inputs', () => {
  it('when every bundled contract is read, then each number input states its lowest and highest value', () => {
    const unbounded = groups.flatMap(({ apis, contracts }) =>
      Object.entries(apis).flatMap(([id, { operations }]) =>
        Object.entries(operations).flatMap(([operationId, spec]) =>
          inputsOf(contracts[id] as Json, spec.path, spec.method).inputs.flatMap((input) => (input.numeric && !input.bounded ? [`${id}.${operationId} ${input.in} ${input.name}`] : [])),
        ),
      ),
    );
    expect(unbounded).toEqual([]);
  });
});

describe.each(groups.map((group) => ({ group, name: group.name, cases: casesOf(group) })).filter(({ cases }) => cases.length))('Numbers in requests to $name', ({ group, cases }) => {
  const called: string[] = [];
  const app = kernelOf(group, called).app;

  it.each(cases)('when $label, then 400 names it and no handler runs', async ({ spec, inputs, bodyRequired, input, bad }) => {
    const call = httpCall(app, spec, inputs, bodyRequired, input, bad);
    called.length = 0;
    const res = await call;
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: expect.stringContaining(`Invalid argument ${spec.body?.kind === 'root' && input.in === 'body' ? `${spec.body.name}.` : ''}${input.name}`), statusCode: 400 },
    });
    expect(called).toEqual([]);
  });
});

/** The socket's validator (hub operations' arguments over `api`): numbers that JSON reads as Infinity are refused. */
describe('Numbers in socket calls to the hub', () => {
  const validator = new ContractValidator(Object.values(hubBundles));
  const cases = Object.entries(hubApis).flatMap(([id, { operations }]) =>
    Object.entries(operations as Record<string, OperationSpec>).flatMap(([operationId, spec]) => {
      const { inputs } = inputsOf(hubBundles[id] as Json, spec.path, spec.method);
      return inputs.filter((input) => input.numeric).flatMap((input) => [Infinity, -Infinity, NaN].map((bad) => ({ label: `${id}.${operationId} ${input.name}=${bad}`, spec, inputs, input, bad })));
    }),
  );

  it.each(cases)('when $label, then 400 names it', ({ spec, inputs, input, bad }) => {
    const args = socketArgs(spec, inputs, input, bad);
    const prefix = input.in === 'body' && spec.body?.kind === 'root' ? `${spec.body.name}.` : '';
    let refused: unknown;
    try {
      validator.args(spec, args);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ statusCode: 400, message: expect.stringContaining(`Invalid argument ${prefix}${input.name}`) });
  });
});

describe('Numbers in free-form values', () => {
  const called: string[] = [];
  const app = kernelOf(groups[0]!, called).app;
  const spec = hubApis.dashboards.operations.setWidgetStoreState;
  const id = '6a2f41a3-c54c-4e1f-9b46-1f1b0f0c5a11';

  it('when a free-form body value holds 1e400, then HTTP answers 400 naming it and no handler runs', async () => {
    const res = await request(app)
      .post(spec.path.replace('{id}', id))
      .set('Authorization', 'Bearer every-scope')
      .set('Content-Type', 'application/json')
      .send('{"state":{"levels":[1,-1e400]}}');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Invalid argument state.levels.1: must be a finite number', statusCode: 400 },
    });
    expect(called).toEqual([]);
  });

  it('when a free-form socket argument holds Infinity, then the socket refuses it in the same words', () => {
    const validator = new ContractValidator(Object.values(hubBundles));
    expect(() => validator.args(spec, { id, state: { levels: [1, -Infinity] } })).toThrow('Invalid argument state.levels.1: must be a finite number');
  });
});
