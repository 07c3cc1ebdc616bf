import { Agent } from 'node:http';
import { hubApis } from '../../generated/hub/index.js';
import type { OperationSpec } from '../../generated/manifest.js';
import { hubApis as handlers } from './core/apis.js';
import { isGroup } from './devices/group-values.js';
import { connectRealtime, type RealtimeClient } from './testing/realtime-client.js';
import { startTestHub, type TestHub } from './testing/test-hub.js';

/**
 * Sweeps every operation of the contract, so that a new operation is covered the moment it is added: no token or
 * an unknown one → 401, a token without the operation's scope → 403, one with only the read-only scope of its area → 403 unless that
 * is its scope, in which case it is admitted, a required argument left out, a query parameter it does not know
 * or a body nested too deep → 400, a path parameter named like an inherited key (`__proto__`) → 400 or 404, over
 * HTTP and the socket alike. Authorization comes before validation, so placeholder arguments do not matter for
 * the first two. An operation with a guard (server/http/api.ts) decides on its path arguments before any input is
 * read, so it is called on the owner's own user and session, which its guard lets the owner reach. One test per
 * operation makes all the calls of its cases (casesOf) and names each case that failed.
 */
const operations = Object.entries(hubApis).flatMap(([manager, { operations }]) =>
  Object.entries<OperationSpec>(operations).map(([operationId, spec]) => ({
    name: `${manager}.${operationId}`,
    manager,
    operationId,
    spec,
    guarded: Boolean(handlers[manager as keyof typeof handlers].guards[operationId]),
  })),
);
type Operation = (typeof operations)[number];
/** The owner's own ids, by manager, for the path of guarded operations. */
const ownIds = new Map<string, string>();
const url = ({ spec, manager, guarded }: { spec: OperationSpec; manager: string; guarded: boolean }) =>
  spec.path.replace(/\{\w+\}/g, () => (guarded && ownIds.get(manager)) || 'placeholder');
const needsToken = ({ spec }: Operation) => spec.auth === 'token';
const needsScope = (operation: Operation) => needsToken(operation) && operation.spec.scopes.length > 0;
/** The read-only scopes of the contract (`homey.app.readonly` ...), each the least that reads its area. */
const readOnlyScopes = [...new Set(operations.filter(needsScope).map(({ spec }) => spec.scopes[0]!).filter((scope) => scope.endsWith('.readonly')))];
/** `homey.app.readonly` for `homey.app`, `homey.app.control` ...: the read-only scope of the scope's area, if any. */
const readOnlyOf = (scope: string) => readOnlyScopes.find((readOnly) => readOnly !== scope && readOnly === `${scope.split('.').slice(0, 2).join('.')}.readonly`);
/** Reads whose read-only scope is all they ask; guarded ones also ask to be the caller's own and are left out. */
const isRead = ({ spec, guarded }: Operation) => spec.method === 'get' && spec.scopes[0]!.endsWith('.readonly') && !guarded;
/** Uploads take a multipart form, not JSON: the JSON cases skip them and expect a 415 instead. */
const isUpload = ({ spec }: Operation) => spec.body?.kind === 'fields' && spec.body.media === 'multipart/form-data';
/** JSON nested `levels` deep: `{"a":{"a":...1...}}`. */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/**
 * Keys every plain object inherits. As any path parameter they must be ordinary misses (STYLE.md rule 19): each
 * operation is called with one parameter set to the key and the others to real values, so that the lookup by that
 * parameter is reached. With the `{}` body clients send, none of them can succeed: unknown ids are 404, values the
 * contract refuses 400. (updateUserMeProperties does accept these names with a value: a property is the caller's
 * own data, stored as an own property; users/api.test.ts covers that.)
 */
const inheritedKeys = ['__proto__', 'constructor', 'toString'];
/** Operations whose path parameter is a free name rather than the id of something stored: any name is valid. */
const namesNothingStored = new Set(['logic.triggerWebhook']);

/** A case of the sweep: what it sends and must get back, and the check. */
type Case = [name: string, check: () => Promise<void>];

/**
 * Runs every case of one operation, then fails naming each case that failed with its own message. A Jest test per
 * case (about 4,700) cost Jest a second or two of CPU of its own bookkeeping; per operation (about 460), each failure
 * still names its operation (the test's name) and its case.
 */
async function expectEachCase(cases: Case[]): Promise<void> {
  const failures: string[] = [];
  for (const [name, check] of cases) {
    try {
      await check();
    } catch (error) {
      failures.push(`${name}:\n${(error as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`${failures.length} of ${cases.length} cases failed.\n\n${failures.join('\n\n')}`);
}

describe('hub contract sweep: every operation of the hub contract', () => {
  let hub: TestHub;
  let unrelated: string;
  /** A token per read-only scope, with that scope alone. */
  const readOnlyTokens = new Map<string, string>();
  let unrelatedSocket: RealtimeClient;
  let ownerSocket: RealtimeClient;
  /** Real values for the path parameters not under test: a device, the demo group, a capability both have. */
  let realParams: Record<string, string>;
  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    const devices = hub.hub.store.values('device');
    realParams = {
      deviceId: devices.find((device) => device.name === 'Ceiling light')!.id,
      groupId: devices.find(isGroup)!.id,
      capabilityId: 'onoff',
      uri: 'homey:manager:devices',
    };
    // A real scope that no operation of these managers asks for.
    unrelated = hub.tokenWith(['homey.speech.readonly']);
    for (const scope of readOnlyScopes) readOnlyTokens.set(scope, hub.tokenWith([scope]));
    unrelatedSocket = await connectRealtime(hub.url, unrelated, hub.hub.id);
    ownerSocket = await connectRealtime(hub.url, hub.token, hub.hub.id);
    const owner = hub.hub.sessions.authenticate(hub.token)!;
    ownIds.set('users', owner.user.id);
    ownIds.set('sessions', owner.id);
  });
  afterAll(async () => {
    unrelatedSocket.close();
    ownerSocket.close();
    await hub.stop();
  });

  /**
   * The sweep's calls share kept-alive connections: supertest alone opens one per call (superagent pools none), and
   * connecting cost as much CPU as a refused call. Only here: no call of the sweep restarts the hub's server, which
   * would reset a connection a pooled call was about to reuse.
   */
  const connections = new Agent({ keepAlive: true });
  afterAll(() => connections.destroy());
  const pooled = (method: OperationSpec['method'], path: string) => hub.http()[method](path).agent(connections);
  /** PUT and POST carry `{}` (PROTOCOL.md §2), except that a whole-item body is left out when `omitItem`. */
  const call = (operation: Operation, token?: string, omitItem = false, path = url(operation)) => {
    const { spec } = operation;
    const request = pooled(spec.method, path);
    if (token) request.set('Authorization', `Bearer ${token}`);
    const carriesBody = spec.method === 'put' || spec.method === 'post';
    return carriesBody && !(omitItem && spec.body?.kind === 'root') ? request.send({}) : request;
  };
  /** What an answer showed: its status and body side by side, so that a refusal of the wrong kind shows both. */
  const answer = async (request: ReturnType<typeof call>) => {
    const { status, body, headers } = await request;
    return { status, body, headers };
  };
  const socketCall = (socket: RealtimeClient, { manager, operationId }: Operation, args: object) =>
    socket.request('api', { uri: `homey:manager:${manager}`, operation: operationId, args });

  /** The operation's path parameters, `param` set to `key` and the others to real values. */
  const pathArgs = (spec: OperationSpec, param: string, key: string) =>
    Object.fromEntries(spec.pathParams.map((name) => [name, name === param ? key : (realParams[name] ?? 'placeholder')]));

  /** Each case of the sweep that applies to the operation, named by what is sent and what must come back. */
  function casesOf(operation: Operation): Case[] {
    const { spec } = operation;
    const cases: Case[] = [];
    const missingScope = { error: 'insufficient_scope', error_description: `Missing scope: ${spec.scopes[0]}`, statusCode: 403 };
    if (needsToken(operation)) {
      cases.push(['when called without a token, then 401', async () => {
        const res = await answer(call(operation));
        expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized', statusCode: 401 }, headers: { 'www-authenticate': expect.stringMatching(/^Bearer /) } });
      }]);
      cases.push(['when called with an unknown token, then 401 invalid_token', async () => {
        expect(await answer(call(operation, 'not-a-token'))).toMatchObject({ status: 401, body: { error: 'invalid_token', statusCode: 401 } });
      }]);
    }
    if (needsScope(operation)) {
      cases.push(['when called without its scope, then 403', async () => {
        expect(await answer(call(operation, unrelated))).toMatchObject({ status: 403, body: missingScope });
      }]);
      cases.push(['when called over the socket without its scope, then the ack is a 403', async () => {
        const [error] = await socketCall(unrelatedSocket, operation, {});
        expect(error).toMatchObject(missingScope);
      }]);
      const readOnly = readOnlyOf(spec.scopes[0]!);
      if (readOnly) {
        cases.push([`when called with only ${readOnly}, then 403`, async () => {
          expect(await answer(call(operation, readOnlyTokens.get(readOnly)))).toMatchObject({ status: 403, body: missingScope });
        }]);
      }
      if (isRead(operation)) {
        cases.push(['when called with only its read-only scope, then it is admitted: no 401 or 403', async () => {
          const { status } = await call(operation, readOnlyTokens.get(spec.scopes[0]!));
          expect([401, 403]).not.toContain(status);
        }]);
      }
    }
    const missing = spec.args.find((arg) => arg.required && arg.in !== 'path');
    if (missing && !isUpload(operation)) {
      cases.push(['when it misses a required argument, then 400 names it', async () => {
        expect(await answer(call(operation, hub.token, true))).toMatchObject({
          status: 400, body: { error: 'invalid_request', error_description: expect.stringContaining(missing.name), statusCode: 400 },
        });
      }]);
    }
    cases.push(['when given a query parameter it does not know, then 400 names it', async () => {
      expect(await answer(call(operation, hub.token, false, `${url(operation)}?bogus=1`))).toMatchObject({
        status: 400, body: { error: 'invalid_request', error_description: expect.stringContaining('bogus'), statusCode: 400 },
      });
    }]);
    if (isUpload(operation)) {
      cases.push(['when it gets JSON instead of a multipart form, then 415', async () => {
        expect(await answer(call(operation, hub.token, true))).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', statusCode: 415 } });
      }]);
    } else if (spec.body) {
      cases.push(['when it gets a body nested thousands of levels deep, then 400 before any handler runs', async () => {
        // Required query parameters are given, so that the body is what gets refused (query parameters are checked first).
        const query = spec.args.filter((arg) => arg.in === 'query' && arg.required).map((arg) => `${arg.name}=placeholder`).join('&');
        const res = await answer(pooled(spec.method, `${url(operation)}${query ? `?${query}` : ''}`).set('Authorization', `Bearer ${hub.token}`)
          .set('Content-Type', 'application/json').send(deepJson(5000)));
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400, body: { error: 'invalid_request', error_description: 'JSON nested deeper than 64 levels', statusCode: 400, stack: expect.any(String) },
        });
      }]);
    }
    cases.push(['when called over the socket with arguments nested too deep, then the ack is a 400', async () => {
      // 1,000 levels: socket.io clients serialize with JSON.stringify, which gives up some thousands of levels down.
      const [error] = await socketCall(ownerSocket, operation, JSON.parse(`{"x":${deepJson(1000)}}`));
      expect(error).toMatchObject({ error: 'invalid_request', error_description: 'JSON nested deeper than 64 levels', statusCode: 400 });
    }]);
    if (spec.args.some((arg) => arg.required)) {
      cases.push(['when called over the socket without its arguments, then the ack is a 400 naming one', async () => {
        const [error] = await socketCall(ownerSocket, operation, {});
        expect(error).toMatchObject({ error: 'invalid_request', statusCode: 400 });
        const required = spec.args.filter((arg) => arg.required).map((arg) => `Missing argument: ${arg.name}`);
        expect(required).toContain((error as { error_description: string }).error_description);
      }]);
    }
    if (namesNothingStored.has(operation.name)) return cases;
    for (const param of spec.pathParams) {
      for (const key of inheritedKeys) {
        const args = pathArgs(spec, param, key);
        cases.push([`when called with ${param}=${key}, then a JSON 400 or 404`, async () => {
          const res = await answer(call(operation, hub.token, false, spec.path.replace(/\{(\w+)\}/g, (_match, name: string) => args[name]!)));
          expect([400, 404]).toContain(res.status);
          expect(res).toMatchObject({
            headers: { 'content-type': expect.stringMatching(/application\/json/) },
            body: { error: expect.any(String), error_description: expect.any(String), statusCode: res.status },
          });
        }]);
        cases.push([`when called over the socket with ${param}=${key}, then the ack is a 400 or 404`, async () => {
          const body = spec.body?.kind === 'root' ? { [spec.body.name]: {} } : {};
          const [error, result] = await socketCall(ownerSocket, operation, { ...args, ...body });
          expect(result).toBeUndefined();
          expect(error).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
          expect([400, 404]).toContain((error as { statusCode: number }).statusCode);
        }]);
      }
    }
    return cases;
  }

  it.each(operations)('when $name is called without what it needs or with what the contract refuses, over HTTP and the socket, then each call is refused as the contract says', async (operation) => {
    await expectEachCase(casesOf(operation));
  });
});
