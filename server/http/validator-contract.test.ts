import request from 'supertest';
import { Dispatcher } from './dispatcher.js';
import { HostAllowList } from './hosts.js';
import { createHttpApp } from './router.js';
import { operationSpec } from './testing/operation-spec.js';
import { OPERATION_MARK, validatorContract } from './validator-contract.js';

type Json = Record<string, any>;

/** A literal path (`/user/me`, GET only) that shadows a parameter's path (`/user/{id}`, PUT), ids of 8 hex digits. */
const contract = () => ({
  openapi: '3.1.0',
  info: { title: 'users', version: '1' },
  paths: {
    '/user/me': { get: { responses: { '204': { description: 'Me' } } } },
    '/user/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{8}$' } }],
      put: {
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
        responses: { '204': { description: 'Saved' } },
      },
    },
    '/log/': { get: { parameters: [{ name: 'since', in: 'query', schema: { type: 'string' } }], responses: { '204': { description: 'Log' } } } },
  },
});

describe("The validators' contract", () => {
  it('when a literal path shadows a parameter path for a method, then it borrows that operation without the fixed parameter, marked as the original', () => {
    const copy = validatorContract(contract());
    expect(copy.paths['/user/me'].put).toMatchObject({ [OPERATION_MARK]: 'put /user/{id}', parameters: [] });
    expect(copy.paths['/user/me'].get[OPERATION_MARK]).toBe('get /user/me');
  });

  it('when a path ends in a slash, then the copy keys it without, and its query takes reserved characters', () => {
    const copy = validatorContract(contract());
    expect(copy.paths['/log/']).toBeUndefined();
    expect(copy.paths['/log'].get.parameters[0]).toMatchObject({ allowReserved: true });
  });

  it('when a body does not say whether it is required, then the copy says it is not (OpenAPI default), and the original is untouched', () => {
    const original = contract();
    const copy = validatorContract(original);
    expect(copy.paths['/user/{id}'].put.requestBody.required).toBe(false);
    expect((original.paths['/user/{id}'].put.requestBody as Json).required).toBeUndefined();
    expect(copy.paths['/user/{id}'].put).not.toBe(original.paths['/user/{id}'].put);
  });

  it('when a raw route spans segments and streams its body, then its path is the wildcard and its body is left to it', () => {
    const spec = operationSpec('put', '/user/{id}');
    const copy = validatorContract(contract(), [{ spec, spanning: 'id' }]);
    expect(copy.paths['/user/{id}*'].put.requestBody).toBeUndefined();
    expect(copy.paths['/user/{id}']).toBeUndefined();
  });
});

describe('The validator, over the kernel routes', () => {
  const received: string[] = [];
  const kernel = () => {
    const saveUser = operationSpec('put', '/user/{id}', { body: { kind: 'fields', names: ['name'], required: false } });
    const me = operationSpec('get', '/user/me');
    const api = { manager: { id: 'users', uri: 'homey:manager:users', itemTypes: {} }, operations: { saveUser, me }, rules: {}, guards: {}, handlers: {
      saveUser: (args: Record<string, unknown>) => void received.push(String(args.id)),
      me: () => undefined,
    } };
    return createHttpApp({
      dispatcher: new Dispatcher({ users: api }, undefined, ({ session, remoteAddress }) => ({ session, remoteAddress })),
      contracts: { users: contract() },
      authenticate: () => null,
      validateResponses: false,
      development: false,
      hosts: new HostAllowList(),
    });
  };

  it('when PUT /user/me follows a PUT to /user/{id}, then it is checked as when it comes first (the matched path does not depend on earlier requests)', async () => {
    const first = kernel();
    await request(first).put('/user/me').send({ name: 'Me' }).expect(204);
    const second = kernel();
    await request(second).put('/user/0123abcd').send({ name: 'Ann' }).expect(204);
    await request(second).put('/user/me').send({ name: 'Me' }).expect(204);
    expect(received).toEqual(['me', '0123abcd', 'me']);
    const refused = await request(second).put('/user/me').send({ name: 7 }).expect(400);
    expect(refused.body.error_description).toBe('Invalid argument name: must be string');
  });

  it('when a GET operation is asked with HEAD (Express routes it to the GET), then it is checked and answered as that GET', async () => {
    await request(kernel()).head('/user/me').expect(204);
  });
});
