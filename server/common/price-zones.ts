import type { components } from '../../generated/hub/energy.js';

/** A price zone as the hub's energy manager answers it; the cloud's energy service serves the same list. */
export type PriceZone = components['schemas']['EnergyPriceZone'];

/** Day-ahead market (bidding) zones. */
export const priceZones = new Map<string, PriceZone>(
  ([
    ['NL', 'Netherlands', 'EUR'], ['BE', 'Belgium', 'EUR'], ['DE-LU', 'Germany and Luxembourg', 'EUR'], ['FR', 'France', 'EUR'],
    ['AT', 'Austria', 'EUR'], ['FI', 'Finland', 'EUR'], ['ES', 'Spain', 'EUR'], ['PT', 'Portugal', 'EUR'], ['EE', 'Estonia', 'EUR'],
    ['NO1', 'Norway (Oslo)', 'NOK'], ['NO2', 'Norway (Kristiansand)', 'NOK'], ['NO3', 'Norway (Trondheim)', 'NOK'],
    ['NO4', 'Norway (Tromsø)', 'NOK'], ['NO5', 'Norway (Bergen)', 'NOK'], ['SE1', 'Sweden (Luleå)', 'SEK'],
    ['SE2', 'Sweden (Sundsvall)', 'SEK'], ['SE3', 'Sweden (Stockholm)', 'SEK'], ['SE4', 'Sweden (Malmö)', 'SEK'],
    ['DK1', 'Denmark (West)', 'DKK'], ['DK2', 'Denmark (East)', 'DKK'], ['PL', 'Poland', 'PLN'], ['GB', 'Great Britain', 'GBP'],
    ['CH', 'Switzerland', 'CHF'],
  ] as const).map(([id, name, currency]) => [id, { id, name, currency }]),
);

export const priceZoneList = () => Object.fromEntries(priceZones);
