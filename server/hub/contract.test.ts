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
 * read, so it is called on the owner's own user and session, which its guard lets the owner reach.
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
/** The owner's own ids, by manager, for the path of guarded operations. */
const ownIds = new Map<string, string>();
const url = ({ spec, manager, guarded }: { spec: OperationSpec; manager: string; guarded: boolean }) =>
  spec.path.replace(/\{\w+\}/g, () => (guarded && ownIds.get(manager)) || 'placeholder');
const needsToken = operations.filter(({ spec }) => spec.auth === 'token');
const needsScope = needsToken.filter(({ spec }) => spec.scopes.length > 0);
/** The read-only scopes of the contract (`homey.app.readonly` ...), each the least that reads its area. */
const readOnlyScopes = [...new Set(needsScope.map(({ spec }) => spec.scopes[0]!).filter((scope) => scope.endsWith('.readonly')))];
/** `homey.app.readonly` for `homey.app`, `homey.app.control` ...: the read-only scope of the scope's area, if any. */
const readOnlyOf = (scope: string) => readOnlyScopes.find((readOnly) => readOnly !== scope && readOnly === `${scope.split('.').slice(0, 2).join('.')}.readonly`);
/** Operations that need more than reading, with the read-only scope of their area that must not do. */
const needsMoreThanReading = needsScope.flatMap((operation) => {
  const readOnly = readOnlyOf(operation.spec.scopes[0]!);
  return readOnly ? [{ ...operation, readOnly }] : [];
});
/** Reads whose read-only scope is all they ask; guarded ones also ask to be the caller's own and are left out. */
const reads = needsScope.filter(({ spec, guarded }) => spec.method === 'get' && spec.scopes[0]!.endsWith('.readonly') && !guarded);
/** Uploads take a multipart form, not JSON: the JSON sweeps below skip them and expect a 415 (see `uploads`). */
const isUpload = ({ spec }: (typeof operations)[number]) => spec.body?.kind === 'fields' && spec.body.media === 'multipart/form-data';
const uploads = operations.filter(isUpload);
const requiredBody = operations.filter((operation) => !isUpload(operation) && operation.spec.args.some((arg) => arg.required && arg.in !== 'path'));
const requiredArgs = operations.filter(({ spec }) => spec.args.some((arg) => arg.required));
const takesBody = operations.filter((operation) => operation.spec.body && !isUpload(operation));
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
const byInheritedKey = operations.filter(({ name }) => !namesNothingStored.has(name)).flatMap((operation) =>
  operation.spec.pathParams.flatMap((param) => inheritedKeys.map((key) => ({ ...operation, param, key }))),
);

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

  type Swept = (typeof operations)[number];
  /** PUT and POST carry `{}` (PROTOCOL.md §2), except that a whole-item body is left out when `omitItem`. */
  const call = (operation: Swept, token?: string, omitItem = false, path = url(operation)) => {
    const { spec } = operation;
    const request = hub.http()[spec.method](path);
    if (token) request.set('Authorization', `Bearer ${token}`);
    const carriesBody = spec.method === 'put' || spec.method === 'post';
    return carriesBody && !(omitItem && spec.body?.kind === 'root') ? request.send({}) : request;
  };

  it.each(needsToken.map((operation) => [operation.name, operation] as const))('when %s is called without a token, then 401', async (_name, operation) => {
    const res = await call(operation).expect(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', statusCode: 401 });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it.each(needsToken)('when $name is called with an unknown token, then 401 invalid_token', async (operation) => {
    const res = await call(operation, 'not-a-token').expect(401);
    expect(res.body).toMatchObject({ error: 'invalid_token', statusCode: 401 });
  });

  it.each(needsScope.map((operation) => [operation.name, operation] as const))('when %s is called without its scope, then 403', async (_name, operation) => {
    const res = await call(operation, unrelated).expect(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', error_description: `Missing scope: ${operation.spec.scopes[0]}`, statusCode: 403 });
  });

  it.each(needsMoreThanReading)('when $name is called with only $readOnly, then 403', async (operation) => {
    const res = await call(operation, readOnlyTokens.get(operation.readOnly)).expect(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', error_description: `Missing scope: ${operation.spec.scopes[0]}`, statusCode: 403 });
  });

  it.each(reads)('when $name is called with only its read-only scope, then it is admitted: no 401 or 403', async (operation) => {
    const res = await call(operation, readOnlyTokens.get(operation.spec.scopes[0]!));
    expect([401, 403]).not.toContain(res.status);
  });

  it.each(requiredBody.map((operation) => [operation.name, operation] as const))('when %s misses a required argument, then 400 names it', async (_name, operation) => {
    const missing = operation.spec.args.find((arg) => arg.required && arg.in !== 'path')!;
    const res = await call(operation, hub.token, true).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(res.body.error_description).toContain(missing.name);
  });

  it.each(operations)('when $name is given a query parameter it does not know, then 400 names it', async (operation) => {
    const res = await call(operation, hub.token, false, `${url(operation)}?bogus=1`).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    expect(res.body.error_description).toContain('bogus');
  });

  it.each(uploads)('when $name gets JSON instead of a multipart form, then 415', async (operation) => {
    const res = await call(operation, hub.token, true).expect(415);
    expect(res.body).toMatchObject({ error: 'unsupported_media_type', statusCode: 415 });
  });

  it.each(takesBody)('when $name gets a body nested thousands of levels deep, then 400 before any handler runs', async (operation) => {
    // Required query parameters are given, so that the body is what gets refused (query parameters are checked first).
    const query = operation.spec.args.filter((arg) => arg.in === 'query' && arg.required).map((arg) => `${arg.name}=placeholder`).join('&');
    const res = await hub.http()[operation.spec.method](`${url(operation)}${query ? `?${query}` : ''}`).set('Authorization', `Bearer ${hub.token}`)
      .set('Content-Type', 'application/json').send(deepJson(5000)).expect(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: 'JSON nested deeper than 64 levels', statusCode: 400, stack: expect.any(String) });
  });

  it.each(operations)('when $name is called over the socket with arguments nested too deep, then the ack is a 400', async ({ manager, operationId }) => {
    // 1,000 levels: socket.io clients serialize with JSON.stringify, which gives up some thousands of levels down.
    const [error] = await ownerSocket.request('api', { uri: `homey:manager:${manager}`, operation: operationId, args: JSON.parse(`{"x":${deepJson(1000)}}`) });
    expect(error).toMatchObject({ error: 'invalid_request', error_description: 'JSON nested deeper than 64 levels', statusCode: 400 });
  });

  it.each(needsScope)('when $name is called over the socket without its scope, then the ack is a 403', async ({ manager, operationId, spec }) => {
    const [error] = await unrelatedSocket.request('api', { uri: `homey:manager:${manager}`, operation: operationId, args: {} });
    expect(error).toMatchObject({ error: 'insufficient_scope', error_description: `Missing scope: ${spec.scopes[0]}`, statusCode: 403 });
  });

  it.each(requiredArgs)('when $name is called over the socket without its arguments, then the ack is a 400 naming one', async ({ manager, operationId, spec }) => {
    const [error] = await ownerSocket.request('api', { uri: `homey:manager:${manager}`, operation: operationId, args: {} });
    expect(error).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    const required = spec.args.filter((arg) => arg.required).map((arg) => `Missing argument: ${arg.name}`);
    expect(required).toContain((error as { error_description: string }).error_description);
  });

  /** The operation's path parameters, `param` set to `key` and the others to real values. */
  const pathArgs = (spec: OperationSpec, param: string, key: string) =>
    Object.fromEntries(spec.pathParams.map((name) => [name, name === param ? key : (realParams[name] ?? 'placeholder')]));

  it.each(byInheritedKey)('when $name is called with $param=$key, then a JSON 400 or 404', async (operation) => {
    const args = pathArgs(operation.spec, operation.param, operation.key);
    const res = await call(operation, hub.token, false, operation.spec.path.replace(/\{(\w+)\}/g, (_match, name: string) => args[name]!));
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect([400, 404]).toContain(res.status);
    expect(res.body).toMatchObject({ error: expect.any(String), error_description: expect.any(String), statusCode: res.status });
  });

  it.each(byInheritedKey)('when $name is called over the socket with $param=$key, then the ack is a 400 or 404', async ({ manager, operationId, spec, param, key }) => {
    const body = spec.body?.kind === 'root' ? { [spec.body.name]: {} } : {};
    const [error, result] = await ownerSocket.request('api', { uri: `homey:manager:${manager}`, operation: operationId, args: { ...pathArgs(spec, param, key), ...body } });
    expect(result).toBeUndefined();
    expect(error).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
    expect([400, 404]).toContain((error as { statusCode: number }).statusCode);
  });
});
