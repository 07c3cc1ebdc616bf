import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cloudApis, type CloudApiId } from '../../generated/cloud/index.js';
import type { OperationSpec } from '../../generated/manifest.js';
import { cloudServiceId } from '../../scripts/reference-coverage.js';

/**
 * Every operation of the official cloud clients (homey-api's own specifications, read from the installed package so
 * this cannot go stale) against our contract: the same method and path, each argument where the client puts it
 * (`unpack: true`: the body is that argument's value), the same type where both declare one, and required in both
 * or in neither. Where we differ on purpose, DELIBERATE says why.
 */
interface OfficialParameter {
  in: 'path' | 'query' | 'body' | 'formData';
  type?: string;
  required?: boolean;
  unpack?: boolean;
}
interface OfficialOperation {
  method: string;
  path: string;
  parameters?: Record<string, OfficialParameter>;
}

const specifications = path.dirname(createRequire(__filename).resolve('homey-api/assets/specifications/AthomCloudAPI.json'));
const officialSpecs = readdirSync(specifications)
  .filter((file) => /^Athom\w+API\.json$/.test(file))
  .map((file) => ({
    service: cloudServiceId(file.replace(/\.json$/, '')),
    operations: (JSON.parse(readFileSync(path.join(specifications, file), 'utf8')) as { operations: Record<string, OfficialOperation> }).operations,
  }));

const QUERY_NUMBER = "a query travels as text and the official client does not check a query's string type: it sends the number as text, which is what we read";

/** `<service>.<operation>.<argument or "operation">`: a difference we keep, and why. */
const DELIBERATE: Readonly<Record<string, string>> = {
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
 * spec leaves optional may be required by us: it marks 10 of its 205 body fields required and leaves the rest to its
 * servers to check (as ours do), and the client sends every field it is given.
 */
function differences(official: OfficialOperation, ours: OperationSpec): string[] {
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
        for (const line of differences(official, spec)) {
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
      const [service, operationId, argument] = key.split('.') as [string, string, string];
      const official = officialSpecs.find((spec) => spec.service === service)?.operations[operationId];
      const ours = (cloudApis[service as CloudApiId]?.operations as Readonly<Record<string, OperationSpec>> | undefined)?.[operationId];
      return Boolean(official && ours && differences(official, ours).some((line) => line.startsWith(`${argument}: `)));
    };
    expect(Object.keys(DELIBERATE).filter((key) => !exists(key))).toEqual([]);
  });
});
