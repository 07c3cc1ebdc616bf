/**
 * Every argument the contract gives an operation is read by its handler, or the table below says who reads it and
 * why the handler does not: a contract that validates an argument the hub then ignores (setCapabilityValue's
 * `opts.duration` once) promises what nobody does. The handler's first parameter is read from its source: a
 * destructuring names what it reads; a plain name (or a rest element) passes the arguments on whole.
 */
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

/** The names a function's first parameter destructures; 'whole' when it takes the arguments whole. */
export function readArguments(handler: (...args: never[]) => unknown): string[] | 'whole' {
  const source = handler.toString();
  let index = /^(async\s*)?(function\s*[\w$]*\s*)?\(?\s*/.exec(source)![0].length;
  if (source[index] !== '{') {
    const name = /^[\w$]*/.exec(source.slice(index))![0];
    return name && !name.startsWith('_') ? 'whole' : [];
  }
  const names: string[] = [];
  let depth = 0;
  let current = '';
  let inName = true;
  for (; index < source.length; index++) {
    const char = source[index]!;
    if ('{[('.includes(char) && ++depth === 1) continue;
    if ('}])'.includes(char) && --depth === 0) break;
    if (depth !== 1) continue;
    if (char === ',') {
      names.push(current.trim());
      [current, inName] = ['', true];
    } else if (char === ':' || char === '=') inName = false;
    else if (inName) current += char;
  }
  names.push(current.trim());
  return names.some((name) => name.startsWith('...')) ? 'whole' : names.filter(Boolean);
}

describe("the contract's arguments and the handlers", () => {
  it('when the parser reads handlers, then it names what each destructures and sees whole arguments', () => {
    expect(readArguments(({ a, b: renamed, c = 1 }: { a: number; b: number; c?: number }) => a + renamed + c)).toEqual(['a', 'b', 'c']);
    expect(readArguments(({ a, ...rest }: { a: number }) => [a, rest])).toBe('whole');
    expect(readArguments((args: object) => args)).toBe('whole');
    expect(readArguments((_args: object) => 1)).toEqual([]);
    expect(readArguments(async ({ id, opts: { duration } = {} }: { id: string; opts?: { duration?: number } }) => [id, duration])).toEqual(['id', 'opts']);
  });

  it("when an operation has arguments, then its handler reads each one, or the table says who does and why", () => {
    const unread: string[] = [];
    for (const [api, module] of Object.entries(apis)) {
      for (const [operationId, spec] of Object.entries(module.operations)) {
        const handler = module.handlers[operationId];
        const read = handler ? readArguments(handler as never) : 'whole';
        if (read === 'whole') continue;
        for (const { name } of spec.args) if (!read.includes(name) && !READ_ELSEWHERE[`${api}.${operationId}.${name}`]) unread.push(`${api}.${operationId}.${name}`);
      }
    }
    expect(unread).toEqual([]);
  });

  it('when the table names an argument, then the contract has it and the handler still does not read it', () => {
    for (const key of Object.keys(READ_ELSEWHERE)) {
      const [api, operationId, name] = key.split('.') as [string, string, string];
      const module = apis[api]!;
      expect(module.operations[operationId]?.args.map((arg) => arg.name)).toContain(name);
      const read = readArguments(module.handlers[operationId] as never);
      expect(read === 'whole' ? key : read.includes(name) ? key : '').toBe('');
    }
  });
});
