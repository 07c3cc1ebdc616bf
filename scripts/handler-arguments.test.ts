/**
 * Every argument the contract gives an operation is read by its handler, or the table below says who reads it and
 * why the handler does not: a contract that validates an argument the hub then ignores (setCapabilityValue's
 * `opts.duration` once) promises what nobody does. An argument whose schema is an object with named properties is
 * followed one level down: it is read when each of its properties is read (`opts.x`, `opts?.x`, `opts['x']`, a
 * destructuring) or when it is handed on whole (to a function, into an object: the receiver is trusted to read it,
 * as a handler that passes its whole arguments on is). The handler's source (as Jest's compiler leaves it) is read
 * with the TypeScript parser.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { ArgSpec } from '../generated/manifest.js';
import type { ApiModule } from '../server/http/api.js';
import { hubApis } from '../server/hub/core/apis.js';
import { accountApi } from '../server/cloud/account/api.js';
import { appsApi } from '../server/cloud/apps/api.js';
import { backupApi } from '../server/cloud/backup/api.js';
import { callbackApi } from '../server/cloud/callback/api.js';
import { connectApi } from '../server/cloud/connect/api.js';
import { dnsApi } from '../server/cloud/dns/api.js';
import { energyApi } from '../server/cloud/energy/api.js';
import { firmwareApi } from '../server/cloud/firmware/api.js';
import { flowApi } from '../server/cloud/flow/api.js';
import { geolocateApi } from '../server/cloud/geolocate/api.js';
import { iconsApi } from '../server/cloud/icons/api.js';
import { infraredApi } from '../server/cloud/infrared/api.js';
import { notificationsApi } from '../server/cloud/notifications/api.js';
import { setupApi } from '../server/cloud/setup/api.js';
import { solarForecastApi } from '../server/cloud/solarforecast/api.js';
import { storeApi } from '../server/cloud/store/api.js';
import { weatherApi } from '../server/cloud/weather/api.js';
import { webhooksApi } from '../server/cloud/webhooks/api.js';

const QUERY_TOKEN = "the caller's credential in the query, checked by the operation's guard (server/cloud/callers/query-token.ts) before the handler";
const HUB_SECRET = "the hub's credential in the query, checked by the operation's guard before the handler";

/** `<api>.<operation>.<argument>`: who reads it instead of the handler. */
const READ_ELSEWHERE: Record<string, string> = {
  'cloud/backup.getMyBackups.token': QUERY_TOKEN,
  'cloud/backup.deleteMyBackup.token': QUERY_TOKEN,
  'cloud/backup.getBackups.secret': HUB_SECRET,
  'cloud/backup.getBackup.secret': HUB_SECRET,
  'cloud/backup.setBackupComplete.secret': HUB_SECRET,
  'cloud/energy.getZones.secret': HUB_SECRET,
  'cloud/energy.getZone.secret': HUB_SECRET,
  'cloud/infrared.getDevice.secret': HUB_SECRET,
  'cloud/solarforecast.getSolarForecast.secret': HUB_SECRET,
  'cloud/webhooks.getWebhooks.token': QUERY_TOKEN,
  'cloud/webhooks.createWebhook.token': QUERY_TOKEN,
  'cloud/webhooks.getWebhook.token': QUERY_TOKEN,
  'cloud/webhooks.updateWebhook.token': QUERY_TOKEN,
  'cloud/webhooks.deleteWebhook.token': QUERY_TOKEN,
  'cloud/geolocate.getLocation.homeyId': 'names the asking hub for the official client; the answer depends only on the address asked about',
  'cloud/weather.getWeather.homey': 'names the asking hub for the official client; the weather depends only on the place',
  'cloud/weather.getWeatherHourly.homey': 'names the asking hub, as getWeather does; the forecast depends only on the place',
  'energy.setDynamicElectricityPriceUserCosts.type': 'has one value (electricity), which the contract checks',
  'cloud/setup.getSessionVoice.sessionId': "checked by the operation's guard (the session must be the caller's); the voice depends only on the language",
  'cloud/setup.getSessionBackups.sessionId': "checked by the operation's guard (the session must be the caller's); the account's backups do not depend on it",
  'thread.executeCommand.timeout': 'the simulated radio answers at once, so no wait is ever cut short (said in the contract)',
  'thread.executeCommand.flush': 'the simulated radio keeps no output back to flush (said in the contract)',
};

const apis: Record<string, ApiModule<never>> = {
  ...(hubApis as unknown as Record<string, ApiModule<never>>),
  ...Object.fromEntries(Object.entries({
    account: accountApi, apps: appsApi, backup: backupApi, callback: callbackApi, connect: connectApi, dns: dnsApi,
    energy: energyApi, firmware: firmwareApi, flow: flowApi, geolocate: geolocateApi, icons: iconsApi, infrared: infraredApi,
    notifications: notificationsApi, setup: setupApi, solarforecast: solarForecastApi, store: storeApi, weather: weatherApi,
    webhooks: webhooksApi,
  }).map(([name, api]) => [`cloud/${name}`, api as unknown as ApiModule<never>])),
};

/**
 * What a handler reads of a value: 'whole' when it hands the value on whole (to a function, into an object or array,
 * as its answer: whoever receives it is trusted to read it), else the properties it reads, each with what it reads of
 * them. Followed two levels down: the call's arguments, then the properties of an object argument.
 */
export type Read = 'whole' | Map<string, Read>;

const DEPTH = 2;

/** Reads the handler's first parameter from its source (as Jest's compiler left it) with the TypeScript parser. */
export function readArguments(handler: (...args: never[]) => unknown): Read {
  const source = handler.toString();
  // A method (`name(args) {}`) is no expression on its own: read it inside an object literal.
  const parsed = [`(${source})`, `({ ${source} })`].map((text) => ts.createSourceFile('handler.js', text, ts.ScriptTarget.ES2022, true));
  for (const file of parsed) {
    const statement = file.statements[0];
    if (file.statements.length !== 1 || !statement || !ts.isExpressionStatement(statement)) continue;
    let expression: ts.Expression = statement.expression;
    while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
    if (ts.isObjectLiteralExpression(expression) && expression.properties.length === 1) expression = expression.properties[0] as never;
    if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression) || ts.isMethodDeclaration(expression)) {
      const parameter = expression.parameters[0];
      if (!parameter) return new Map();
      if (parameter.dotDotDotToken) return 'whole';
      return readBinding(parameter.name, expression, 0);
    }
  }
  throw new Error(`not a function the check can read: ${source.slice(0, 80)}`);
}

/** What is read of the value bound to `name` (a plain name or a destructuring) within `scope`. */
function readBinding(name: ts.BindingName, scope: ts.Node, depth: number): Read {
  if (depth >= DEPTH) return 'whole';
  if (ts.isIdentifier(name)) {
    if (name.text.startsWith('_')) return new Map();
    const reads = referencesTo(name, scope).map((reference) => readExpression(reference, scope, depth));
    return reads.reduce<Read>(merge, new Map());
  }
  if (ts.isArrayBindingPattern(name)) return 'whole';
  const read = new Map<string, Read>();
  for (const element of name.elements) {
    if (element.dotDotDotToken) return 'whole';
    const key = element.propertyName ?? element.name;
    if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return 'whole';
    read.set(key.text, readBinding(element.name, scope, depth + 1));
  }
  return read;
}

/** The identifiers in `scope` that refer to the binding `name` (by name: handlers do not shadow their arguments). */
function referencesTo(name: ts.Identifier, scope: ts.Node): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && isReference(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if ((ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) && parent.name === node) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  return !((ts.isBindingElement(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent)) && parent.name === node);
}

/** What is read of the value of `expression`, from where it stands. */
function readExpression(expression: ts.Expression, scope: ts.Node, depth: number): Read {
  const parent = expression.parent;
  const unwraps = ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isNonNullExpression(parent) || ts.isSatisfiesExpression(parent);
  // `opts ?? {}` and `opts || {}` are `opts` with a default.
  const defaulted = ts.isBinaryExpression(parent) && parent.left === expression
    && (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken);
  if (unwraps || defaulted) return readExpression(parent as ts.Expression, scope, depth);
  if (ts.isPropertyAccessExpression(parent) && parent.expression === expression) {
    return new Map([[parent.name.text, depth + 1 >= DEPTH ? 'whole' : readExpression(parent, scope, depth + 1)]]);
  }
  if (ts.isElementAccessExpression(parent) && parent.expression === expression) {
    if (!ts.isStringLiteralLike(parent.argumentExpression)) return 'whole';
    return new Map([[parent.argumentExpression.text, depth + 1 >= DEPTH ? 'whole' : readExpression(parent, scope, depth + 1)]]);
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === expression) return readBinding(parent.name, scope, depth);
  // A test of the value (is it there, which kind is it) reads none of its properties.
  if (ts.isTypeOfExpression(parent) || (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken)) return new Map();
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(parent.operatorToken.kind)) return new Map();
  if ((ts.isIfStatement(parent) && parent.expression === expression) || (ts.isConditionalExpression(parent) && parent.condition === expression)) return new Map();
  if (ts.isBinaryExpression(parent) && parent.left === expression && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return new Map();
  // Anything else hands the value on whole: a call's argument, a property of a new object, the answer, a spread.
  return 'whole';
}

function merge(a: Read, b: Read): Read {
  if (a === 'whole' || b === 'whole') return 'whole';
  const merged = new Map(a);
  for (const [key, read] of b) merged.set(key, merged.has(key) ? merge(merged.get(key)!, read) : read);
  return merged;
}

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; allOf?: Schema[] };
interface Parameter { $ref?: string; name: string; in: string; schema?: Schema }
interface Operation { operationId?: string; parameters?: Parameter[]; requestBody?: { $ref?: string; content: Record<string, { schema?: Schema }> } }
interface Contract { [key: string]: unknown; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }

const contracts = new Map<string, Contract>();
function contractOf(api: string): Contract {
  // Jest runs from the repository's root.
  const file = `generated/${api.includes('/') ? api : `hub/${api}`}.openapi.json`;
  if (!contracts.has(api)) contracts.set(api, JSON.parse(readFileSync(file, 'utf8')) as Contract);
  return contracts.get(api)!;
}

/** The named properties of an argument whose schema is an object (none for any other argument). */
export function propertiesOf(api: string, operationId: string, arg: ArgSpec): string[] {
  const contract = contractOf(api);
  const spec = apis[api]!.operations[operationId]!;
  /** A `#/components/...` reference followed to what it names. */
  const resolve = <T extends { $ref?: string }>(node: T | undefined): T | undefined =>
    node?.$ref ? resolve(node.$ref.split('/').slice(1).reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], contract) as T) : node;
  const propertySchemas = (schema: Schema | undefined): Record<string, Schema> => {
    const resolved = resolve(schema);
    return Object.assign({}, resolved?.properties, ...(resolved?.allOf ?? []).map(propertySchemas)) as Record<string, Schema>;
  };
  const item = Object.values(contract.paths).find((methods) => methods[spec.method]?.operationId === operationId)!;
  const operation = item[spec.method]!;
  if (arg.in !== 'body') {
    const parameters = [...(operation.parameters ?? []), ...((item as { parameters?: Parameter[] }).parameters ?? [])].map((parameter) => resolve(parameter)!);
    return Object.keys(propertySchemas(parameters.find((parameter) => parameter.name === arg.name && parameter.in === arg.in)?.schema));
  }
  const body = Object.values(resolve(operation.requestBody)!.content)[0]!.schema;
  return Object.keys(propertySchemas(spec.body?.kind === 'root' ? body : propertySchemas(body)[arg.name]));
}

/** The contract's arguments of an operation (and properties of its object arguments) the handler does not read. */
export function unread(api: string, operationId: string, handler: ((...args: never[]) => unknown) | undefined): string[] {
  // No handler: a CRUD operation, whose item store takes the whole body.
  const read = handler ? readArguments(handler) : 'whole';
  if (read === 'whole') return [];
  return apis[api]!.operations[operationId]!.args.flatMap((arg) => {
    const key = `${api}.${operationId}.${arg.name}`;
    const argRead = read.get(arg.name);
    if (!argRead) return [key];
    if (argRead === 'whole') return [];
    return propertiesOf(api, operationId, arg).filter((property) => !argRead.has(property)).map((property) => `${key}.${property}`);
  });
}

/** A Read as plain data, for comparing in a test. */
const plain = (read: Read): unknown => (read === 'whole' ? read : Object.fromEntries([...read].map(([key, value]) => [key, plain(value)])));

describe("the contract's arguments and the handlers", () => {
  it('when the parser reads handlers, then it names what each reads, one level into objects, and sees whole arguments', () => {
    expect(plain(readArguments(({ a, b: renamed, c = 1 }: { a: number; b: number; c?: number }) => a + renamed + c))).toEqual({ a: 'whole', b: 'whole', c: 'whole' });
    expect(readArguments(({ a, ...rest }: { a: number }) => [a, rest])).toBe('whole');
    expect(readArguments((args: object) => [args])).toBe('whole');
    expect(plain(readArguments((_args: object) => 1))).toEqual({});
    expect(plain(readArguments(async ({ id, opts: { duration } = {} }: { id: string; opts?: { duration?: number } }) => [id, duration]))).toEqual({ id: 'whole', opts: { duration: 'whole' } });
    type Opts = { opts?: { a?: number; b?: number; c?: number; d?: number; e?: number } };
    const send = (value: unknown): unknown => value;
    expect(plain(readArguments((args: Opts & { id: string }) => [args.id, args.opts?.a, args.opts?.['b']]))).toEqual({ id: 'whole', opts: { a: 'whole', b: 'whole' } });
    expect(plain(readArguments(({ opts }: Opts) => {
      if (!opts || typeof opts !== 'object') return 0;
      const { c } = opts ?? {};
      return (opts as { d: number }).d + c!;
    }))).toEqual({ opts: { c: 'whole', d: 'whole' } });
    expect(plain(readArguments(({ opts }: Opts) => send(opts)))).toEqual({ opts: 'whole' });
    expect(plain(readArguments({ method({ opts }: Opts) { return { opts }; } }.method))).toEqual({ opts: 'whole' });
  });

  it('when a handler reads an object argument but not one of its properties, then the property is flagged', () => {
    type Set = { deviceId: string; capabilityId: string; value: number; opts?: { duration?: number }; transactionId?: string };
    const set = (...values: unknown[]): unknown[] => values;
    // Reads `opts` (its presence) and every other argument, but never `opts.duration`: the contract's promise is dropped.
    const dropsDuration = ({ deviceId, capabilityId, value, opts, transactionId }: Set) => set(deviceId, capabilityId, value, opts === undefined, transactionId);
    expect(unread('devices', 'setCapabilityValue', dropsDuration as never)).toEqual(['devices.setCapabilityValue.opts.duration']);
    const readsDuration = ({ deviceId, capabilityId, value, opts, transactionId }: Set) => set(deviceId, capabilityId, value, opts?.duration, transactionId);
    expect(unread('devices', 'setCapabilityValue', readsDuration as never)).toEqual([]);
  });

  it('when an operation has arguments, then its handler reads each one and each property of an object one, or the table says who does and why', () => {
    const missed = Object.entries(apis).flatMap(([api, module]) =>
      Object.keys(module.operations).flatMap((operationId) => unread(api, operationId, module.handlers[operationId] as never)));
    expect(missed.filter((key) => !READ_ELSEWHERE[key])).toEqual([]);
  });

  it('when the table names an argument, then the contract has it and the handler still does not read it', () => {
    for (const key of Object.keys(READ_ELSEWHERE)) {
      const [api, operationId] = key.split('.') as [string, string];
      expect(unread(api, operationId, apis[api]!.handlers[operationId] as never)).toContain(key);
    }
  });
});
