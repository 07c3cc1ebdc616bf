import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cloudApis, type CloudApiId } from '../../generated/cloud/index.js';
import type { OperationSpec } from '../../generated/manifest.js';
import { cloudServiceId } from '../../scripts/reference-coverage.js';

/**
 * Every operation of the official cloud clients (homey-api's own specifications, read from the installed package so
 * this cannot go stale) against our contract: the same method and path, each argument where the client puts it
 * (`unpack: true`: the body is that argument's value; the fields of such a body), the same type where both declare
 * one, and what the client requires required by us too (and no more, but for body fields: see differences()).
 * Where we differ on purpose, DELIBERATE says why.
 */
interface OfficialParameter {
  in: 'path' | 'query' | 'body' | 'formData';
  type?: string;
  required?: boolean;
  unpack?: boolean;
  /** The fields of an unpacked body, with their types. */
  properties?: Record<string, { type?: string }>;
}
interface OfficialOperation {
  method: string;
  path: string;
  parameters?: Record<string, OfficialParameter>;
}

type Schema = { $ref?: string; type?: string | string[]; allOf?: Schema[]; properties?: Record<string, Schema> };
interface Contract {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
}
const contracts = new Map<string, Contract>();
const contractOf = (service: string) => {
  if (!contracts.has(service)) contracts.set(service, JSON.parse(readFileSync(path.join(__dirname, '../../generated/cloud', `${service}.openapi.json`), 'utf8')) as Contract);
  return contracts.get(service)!;
};

/** The fields of our JSON request body of an operation, with their schemas (references and allOf followed). */
function bodyFields(service: string, operationId: string): Record<string, Schema> {
  const contract = contractOf(service);
  const resolve = (schema: Schema): Schema => {
    let at = schema;
    while (at.$ref) at = at.$ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract) as Schema;
    return at;
  };
  const fields = (schema: Schema): Record<string, Schema> => {
    const at = resolve(schema);
    return Object.assign({}, ...(at.allOf ?? []).map(fields), ...Object.entries(at.properties ?? {}).map(([name, field]) => ({ [name]: resolve(field) })));
  };
  const operation = Object.values(contract.paths).flatMap((item) => Object.values(item)).find((candidate) => candidate.operationId === operationId);
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  return schema ? fields(schema) : {};
}

const specifications = path.dirname(createRequire(__filename).resolve('homey-api/assets/specifications/AthomCloudAPI.json'));
const officialSpecs = readdirSync(specifications)
  .filter((file) => /^Athom\w+API\.json$/.test(file))
  .map((file) => ({
    service: cloudServiceId(file.replace(/\.json$/, '')),
    operations: (JSON.parse(readFileSync(path.join(specifications, file), 'utf8')) as { operations: Record<string, OfficialOperation> }).operations,
  }));

const QUERY_NUMBER = "a query travels as text and the official client does not check a query's string type: it sends the number as text, which is what we read";

/** The same reason for several fields of one unpacked body: `<service>.<operation>.<argument>.<field>` keys. */
const fields = (argument: string, names: string[], reason: string) => Object.fromEntries(names.map((name) => [`${argument}.${name}`, reason]));
const PRODUCTION_RECORD = "not kept: a bridge's or portal's record keeps its serial, model, software version and activation (createdAt, activatedAt), not the factory's build, calibration or history";
const FIXED_AT_PRODUCTION = 'fixed when the device is made (createBridge, createPortal); an update changes its name, software version and hub';
const HUB_FACTS = "not kept: a hub's record keeps where it is reached as addresses (localUrl, localUrlSecure, remoteUrl, mdnsFqdn) and its region, not raw IP addresses, a geolocation, a state or storage wear";
const HUB_RELATIONS = "not the record's to set: a hub's users and their roles change through createHomeyUser and invitations, its credentials are issued by the service, its devices are the hub's own";

/**
 * `<service>.<operation>.<argument or "operation">` (and `.<field>` for a field of an unpacked body): a difference
 * we keep, and why.
 */
const DELIBERATE: Readonly<Record<string, string>> = {
  ...fields('account.updateUser.user', ['roles', 'roleIds'], 'roles are given by operators, never by the account to itself'),
  'account.updateUser.user.avatar': 'the avatar is uploaded as an image (POST /user/{id}/avatar, the official updateUserMeAvatar)',
  ...fields('account.updateUser.user', ['homeys', 'devices'], "an account's hubs and devices change through their own operations (createHomey, createUserDevice ...)"),
  ...fields('account.createUserDevice.device', ['created', 'updated'], 'the service stamps when a device was added and changed'),
  ...fields('account.updateUserDevice.device', ['created', 'updated'], 'the service stamps when a device was added and changed'),
  ...fields('account.createBridge.bridge', ['build', 'zwaveCalibration', 'manufacturedAt', 'activationHistory'], PRODUCTION_RECORD),
  ...fields('account.updateBridge.bridge', ['build', 'zwaveCalibration', 'manufacturedAt', 'activationHistory'], PRODUCTION_RECORD),
  ...fields('account.updateBridge.bridge', ['serial', 'model'], FIXED_AT_PRODUCTION),
  ...fields('account.createPortal.portal', ['build', 'manufacturedAt', 'activationHistory'], PRODUCTION_RECORD),
  ...fields('account.updatePortal.portal', ['build', 'manufacturedAt', 'activationHistory'], PRODUCTION_RECORD),
  ...fields('account.updatePortal.portal', ['serial', 'model'], FIXED_AT_PRODUCTION),
  ...fields('account.createHomey.data', ['ipInternal', 'ipExternal', 'ipExternalCountry', 'ipExternalPort', 'state', 'geolocation', 'eMMCestLifeTimeA', 'eMMCestLifeTimeB', 'eMMCpreEOLInfo'], HUB_FACTS),
  ...fields('account.updateHomey.homey', ['ipInternal', 'ipExternal', 'ipExternalCountry', 'ipExternalPort', 'state', 'geolocation', 'eMMCestLifeTimeA', 'eMMCestLifeTimeB', 'eMMCpreEOLInfo'], HUB_FACTS),
  ...fields('account.createHomey.data', ['users', 'role', 'token', 'devices'], HUB_RELATIONS),
  ...fields('account.updateHomey.homey', ['users', 'role', 'token', 'devices'], HUB_RELATIONS),
  'account.getAccessToken.client_id': "OAuth2 lets a client authenticate with HTTP Basic instead (RFC 6749 §2.3.1); the official client always sends the form's fields, which we take",
  'account.getAccessToken.client_secret': 'as client_id: HTTP Basic may carry it instead',
  'account.createDelegationToken.audience': "a delegation token is for one service (docs/protocol.md §8) and one without an audience would be taken nowhere; the official library's callers always name one",
  'account.verifyDelegationToken.token': 'without a token there is nothing to verify',
  'apps.searchApps.homeyPlatformVersion': QUERY_NUMBER,
  'energy.getZone.latitude': QUERY_NUMBER,
  'energy.getZone.longitude': QUERY_NUMBER,
  'weather.getWeather.latitude': QUERY_NUMBER,
  'weather.getWeather.longitude': QUERY_NUMBER,
};

/** The official `type` as one of our JSON types: a query's integer is a number to us. */
const jsonType = (type: string) => (type === 'integer' ? 'number' : type);

/**
 * What differs between the official operation and ours, as `<argument>: <what>` lines. A body field the official
 * spec leaves optional may be required by us: the spec marks few body fields required (10 of 205 in 3.20.0) and
 * leaves the rest to its servers to check, as ours do; the client sends every field it is given.
 */
function differences(service: string, operationId: string, official: OfficialOperation, ours: OperationSpec): string[] {
  const found: string[] = [];
  if (ours.method !== official.method.toLowerCase()) found.push(`operation: method ${ours.method}, official ${official.method}`);
  if (ours.path !== official.path) found.push(`operation: path ${ours.path}, official ${official.path}`);
  const parameters = official.parameters ?? {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const arg = ours.args.find((candidate) => candidate.name === name);
    if (!arg) {
      found.push(`${name}: missing, official ${parameter.in}`);
      continue;
    }
    const place = parameter.in === 'formData' ? 'body' : parameter.in;
    if (arg.in !== place) found.push(`${name}: in ${arg.in}, official ${parameter.in}`);
    const root = arg.in === 'body' && ours.body?.kind === 'root' && ours.body.name === name;
    if (place === 'body' && root !== (parameter.unpack === true)) found.push(`${name}: ${root ? 'the whole body' : 'a body field'}, official ${parameter.unpack ? 'unpacked' : 'a body field'}`);
    if (parameter.type && arg.types && !arg.types.includes(jsonType(parameter.type) as never)) found.push(`${name}: type ${arg.types.join('|')}, official ${parameter.type}`);
    if (parameter.required && !arg.required) found.push(`${name}: optional, official required`);
    if (arg.required && !parameter.required && place !== 'body') found.push(`${name}: required, official optional`);
    if (root && parameter.properties) {
      const fields = bodyFields(service, operationId);
      for (const [field, { type }] of Object.entries(parameter.properties)) {
        const ourTypes = [fields[field]?.type ?? []].flat().map((one) => (one === 'integer' ? 'number' : one));
        if (!fields[field]) found.push(`${name}.${field}: missing, official ${type ?? 'any type'}`);
        else if (type && ourTypes.length > 0 && !ourTypes.includes(jsonType(type))) found.push(`${name}.${field}: type ${ourTypes.join('|')}, official ${type}`);
      }
    }
  }
  for (const arg of ours.args) if (arg.required && !(arg.name in parameters)) found.push(`${arg.name}: required, official has no such argument`);
  return found;
}

describe('the official cloud clients (homey-api 3.20.0 specifications) against our contract', () => {
  it('when each official spec is read, then it names a service we serve', () => {
    expect(officialSpecs.map(({ service }) => service).filter((service) => !(service in cloudApis))).toEqual([]);
  });

  it('when every official operation is compared with ours, then each differs only where DELIBERATE says why', () => {
    const found: string[] = [];
    for (const { service, operations } of officialSpecs) {
      const ours = cloudApis[service as CloudApiId].operations as Readonly<Record<string, OperationSpec>>;
      for (const [operationId, official] of Object.entries(operations)) {
        const spec = ours[operationId];
        if (!spec) {
          found.push(`${service}.${operationId}.operation: missing`);
          continue;
        }
        for (const line of differences(service, operationId, official, spec)) {
          const [argument, ...what] = line.split(': ');
          const key = `${service}.${operationId}.${argument}`;
          if (!(key in DELIBERATE)) found.push(`${key}: ${what.join(': ')}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('when DELIBERATE names a difference, then the difference still exists', () => {
    const exists = (key: string) => {
      const [service, operationId, ...argument] = key.split('.') as [string, string, ...string[]];
      const official = officialSpecs.find((spec) => spec.service === service)?.operations[operationId];
      const ours = (cloudApis[service as CloudApiId]?.operations as Readonly<Record<string, OperationSpec>> | undefined)?.[operationId];
      return Boolean(official && ours && differences(service, operationId, official, ours).some((line) => line.startsWith(`${argument.join('.')}: `)));
    };
    expect(Object.keys(DELIBERATE).filter((key) => !exists(key))).toEqual([]);
  });
});
