import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hubBundles } from '../../generated/hub/bundles.js';
import { hubApis } from '../../generated/hub/index.js';
import type { OperationSpec } from '../../generated/manifest.js';
import { connectRealtime, type RealtimeClient } from '../hub/testing/realtime-client.js';
import { EventBus } from './events.js';
import { HostAllowList } from './hosts.js';
import { attachRealtime } from './realtime.js';
import { httpCall, inputsOf, kernelOf, socketArgs, type ContractGroup, type Input, type Json } from './testing/contract-inputs.js';
import { ContractValidator } from './validator.js';

/**
 * The parity sweep: HTTP checks a hub call with express-openapi-validator, the socket with Ajv, both over the
 * contract as validator-contract.ts rewrites it. For each hub operation, one input of the wrong JSON type (the
 * others valid, from the contract's examples) is sent both ways to one in-process server: the same status and the
 * same error body, and no handler runs. The caller holds every scope and no guard runs, so validation answers.
 */
const group: ContractGroup = { name: 'hub', apis: hubApis, contracts: hubBundles };

/** A value the input's schema refuses: of another JSON type than any it takes, else a text it refuses. */
function wrongValue(input: Input): string | number | undefined {
  const takesAnyText = !input.types.length || input.types.includes('string');
  if (input.types.length && !input.types.includes('string') && !input.types.includes('array') && (input.in === 'body' || !input.types.includes('object'))) return 'x';
  // Over HTTP, only a body tells a number from its text.
  if (input.in === 'body' && input.types.length && !input.types.includes('number')) return 7;
  return takesAnyText && input.refusesTilde ? '~' : undefined;
}

/** The input to spoil: a body field first (the one both transports read as JSON), else a query, header or path value. */
const casesOf = () =>
  Object.entries(hubApis).flatMap(([api, { operations }]) =>
    Object.entries(operations as Record<string, OperationSpec>).flatMap(([operationId, spec]) => {
      // A multipart body travels as a form over HTTP: not the same input.
      if (spec.body?.kind === 'fields' && spec.body.media) return [];
      const { inputs, bodyRequired } = inputsOf(hubBundles[api] as Json, spec.path, spec.method);
      const candidates = [...inputs.filter((input) => input.in === 'body'), ...inputs.filter((input) => input.in !== 'body')];
      const input = candidates.find((each) => wrongValue(each) !== undefined);
      return input ? [{ label: `${api}.${operationId} ${input.in} ${input.name}`, api, operationId, spec, inputs, bodyRequired, input, bad: wrongValue(input)! }] : [];
    }),
  );

describe('Parity of the two validators (HTTP and socket) over the hub contract', () => {
  const called: string[] = [];
  const { app, dispatcher, authenticate } = kernelOf(group, called);
  let server: Server;
  let socket: RealtimeClient;
  let url: string;
  const cases = casesOf();

  beforeAll(async () => {
    server = createServer(app);
    attachRealtime(server, {
      dispatcher,
      validator: new ContractValidator(Object.values(hubBundles)),
      hosts: new HostAllowList(),
      bus: new EventBus(),
      hubId: 'parity',
      authenticate,
      admitSubscription: () => undefined,
      development: false,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    socket = await connectRealtime(url, 'every-scope', 'parity');
  });
  afterAll(async () => {
    socket.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('when the sweep is made, then it covers every hub operation with an input to spoil', () => {
    // Of the 425 hub operations, 185 take no input and 86 only a path text that any value fits.
    expect(cases.length).toBeGreaterThanOrEqual(135);
  });

  it('when each operation gets one input of the wrong type over HTTP and over the socket, then both answer the same 400 and no handler runs', async () => {
    const differences: string[] = [];
    for (const { label, api, operationId, spec, inputs, bodyRequired, input, bad } of cases) {
      called.length = 0;
      const http = await httpCall(url, spec, inputs, bodyRequired, input, input.in === 'body' ? JSON.stringify(bad) : String(bad));
      const [error] = await socket.request('api', { uri: `homey:manager:${api}`, operation: operationId, args: socketArgs(spec, inputs, input, bad) });
      const answers = { http: { status: http.status, body: http.body as unknown }, socket: { status: (error as { statusCode?: number } | null)?.statusCode, body: error } };
      if (JSON.stringify(answers.http) !== JSON.stringify({ status: answers.socket.status, body: answers.socket.body }) || http.status !== 400 || called.length) {
        differences.push(`${label}: ${JSON.stringify(answers)}${called.length ? ` (ran ${called.join(', ')})` : ''}`);
      }
    }
    expect(differences).toEqual([]);
  }, 20_000);
});
