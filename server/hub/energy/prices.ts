import type { components } from '../../../generated/hub/energy.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { HubCore } from '../core/context.js';
import { priceZones, type PriceZone } from '../../common/price-zones.js';
import { parseExpression, userPrice } from './expression.js';
import type { Period } from './periods.js';

export type PriceType = components['schemas']['EnergyPriceType']['type'];
type Currency = components['schemas']['EnergyCurrency'];

/** The options kept in hub.settings; `kWhCost` is another name of electricityPriceFixed. */
export type PriceOption = 'electricityPriceFixed' | 'gasPriceFixed' | 'waterPriceFixed';
const key = (name: string) => `energy.${name}`;

export const getOption = <T>(hub: HubCore, name: PriceOption | 'currency'): T | null => hub.settings.get<T>(key(name)) ?? null;
export const setOption = (hub: HubCore, name: PriceOption | 'currency', value: unknown) => hub.settings.set(key(name), value);
export const unsetOption = (hub: HubCore, name: PriceOption | 'currency') => hub.settings.unset(key(name));

const currencies = new Set(Intl.supportedValuesOf('currency'));

export function setCurrency(hub: HubCore, code: string): void {
  if (!currencies.has(code)) throw badRequest(`currency must be an ISO 4217 code such as EUR, USD or NOK; ${code} is not one`);
  setOption(hub, 'currency', code);
}

const DEFAULT_CURRENCY = 'EUR';

const symbolOf = (code: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? code;

/** The currency option, else the chosen price zone's currency, else EUR. */
export function currencyInEffect(hub: HubCore): Currency {
  const option = getOption<string>(hub, 'currency');
  const zone = chosenZone(hub);
  const [currency, source]: [string, Currency['source']] = option ? [option, 'option'] : zone ? [zone.currency, 'priceZone'] : [DEFAULT_CURRENCY, 'default'];
  return { currency, symbol: symbolOf(currency), source };
}

export function chosenZone(hub: HubCore): PriceZone | null {
  const id = hub.settings.get<string>(key('priceZone'));
  return (id !== undefined && priceZones.get(id)) || null;
}

export function chooseZone(hub: HubCore, zoneId: string): PriceZone {
  const zone = priceZones.get(zoneId);
  if (!zone) throw notFound(`Price zone ${zoneId}`);
  hub.settings.set(key('priceZone'), zone.id);
  return zone;
}

export const priceType = (hub: HubCore): PriceType => hub.settings.get<PriceType>(key('priceType')) ?? 'fixed';
export const setPriceType = (hub: HubCore, type: PriceType) => hub.settings.set(key('priceType'), type);

export const tariff = (hub: HubCore): number[] | null => hub.settings.get<number[]>(key('tariff')) ?? null;
export const setTariff = (hub: HubCore, prices: number[]) => hub.settings.set(key('tariff'), prices);

export const userCosts = (hub: HubCore): string | null => hub.settings.get<string>(key('userCosts')) ?? null;
export function setUserCosts(hub: HubCore, expression: string): void {
  parseExpression(expression);
  hub.settings.set(key('userCosts'), expression);
}
export const unsetUserCosts = (hub: HubCore) => hub.settings.unset(key('userCosts'));

/**
 * What one kWh costs in each hour of the day (UTC), as reports price electricity now: the fixed price every hour,
 * or the tariff after user costs; null where no price is known.
 */
export function hourlyPrices(hub: HubCore): Array<number | null> {
  if (priceType(hub) === 'fixed') return Array<number | null>(24).fill(getOption<number>(hub, 'electricityPriceFixed'));
  const prices = tariff(hub);
  const costs = userCosts(hub);
  return prices ? prices.map((price) => userPrice(costs, price)) : Array<number | null>(24).fill(null);
}

/** The 24 hourly prices of a day from the tariff; 409 until a price zone is chosen and a tariff set. */
export function dynamicPrices(hub: HubCore, day: Period): components['schemas']['EnergyDynamicPrices'] {
  const zone = chosenZone(hub);
  if (!zone) throw conflict('Choose a dynamic price zone first (setDynamicPricesElectricityZone)');
  const prices = tariff(hub);
  if (!prices) throw conflict('Set the hourly tariff first (setDynamicElectricityPriceTariff)');
  const costs = userCosts(hub);
  return {
    zone: zone.id,
    date: day.id,
    currency: currencyInEffect(hub).currency,
    prices: prices.map((price, hour) => ({
      periodStart: new Date(day.start + hour * 3_600_000).toISOString(),
      periodEnd: new Date(day.start + (hour + 1) * 3_600_000).toISOString(),
      price,
      userPrice: userPrice(costs, price),
    })),
  };
}
