import type { components as cloud } from '../../../generated/cloud/energy.js';
import type { components } from '../../../generated/hub/energy.js';
import { ApiError, conflict } from '../../http/errors.js';
import { fetchCloudJson } from '../cloud/cloud-fetch.js';
import type { Hub, HubCore } from '../core/context.js';
import { userPrice } from './expression.js';
import type { Period } from './periods.js';
import { hubLocation } from '../geolocation/geolocation.js';
import { priceZoneList } from '../../common/price-zones.js';
import { chooseZone, chosenZone, userCosts } from './prices.js';

type DynamicPrices = components['schemas']['EnergyDynamicPrices'];
type Zone = cloud['schemas']['Zone'];
type DayAheadPrices = cloud['schemas']['DayAheadPrices'];

const base = (hub: HubCore) => hub.config.energyUrl!.replace(/\/+$/, '');
const badGateway = (description: string) => new ApiError(502, 'bad_gateway', description);

/** The version of the zone list the service prices by (asked each time: prices are asked for a day at a time). */
async function zoneVersion(hub: HubCore, zoneId: string): Promise<string> {
  const zones = await fetchCloudJson(`${base(hub)}/zones`, 'energy');
  const version = Array.isArray(zones) ? (zones as Zone[]).find((zone) => zone.id === zoneId)?.version : undefined;
  if (!version) throw badGateway(`The energy service has no price zone ${zoneId}`);
  return version;
}

/**
 * The day-ahead market prices of a day (UTC) for the chosen price zone, from the cloud energy service at
 * `config.energyUrl`, per kWh in the zone's currency and after the user costs. 404 while the market has not
 * published the day (a UTC day is complete from 12:45 CET that day).
 */
export async function marketPrices(hub: HubCore, day: Period): Promise<DynamicPrices> {
  const zone = chosenZone(hub);
  if (!zone) throw conflict('Choose a dynamic price zone first (setDynamicPricesElectricityZone)');
  const query = new URLSearchParams({ zoneId: zone.id, zoneVersion: await zoneVersion(hub, zone.id), date: day.id, timezone: 'UTC' });
  const answer = (await fetchCloudJson(`${base(hub)}/day-ahead-prices/electricity?${query}`, 'energy')) as DayAheadPrices;
  if (!Array.isArray(answer?.prices) || answer.prices.length !== 24) throw badGateway('The energy service answered something that is not a day of hourly prices');
  const minorPerMajor = 10 ** (new Intl.NumberFormat('en', { style: 'currency', currency: answer.currency }).resolvedOptions().maximumFractionDigits ?? 2);
  const costs = userCosts(hub);
  return {
    zone: zone.id,
    date: day.id,
    currency: answer.currency,
    prices: answer.prices.map(({ periodStart, periodEnd, price }) => {
      // Minor units per MWh → major units per kWh, in one division.
      const perKWh = price / (minorPerMajor * 1000);
      return { periodStart, periodEnd, price: perKWh, userPrice: userPrice(costs, perKWh) };
    }),
  };
}

/**
 * A hub without a price zone takes the one of its location from the energy service (getZone): what a new home's
 * setup does. Nothing changes when a zone is chosen, the hub has no location or no service, or the service has no
 * zone there.
 */
export async function adoptZoneOfLocation(hub: Hub): Promise<string | null> {
  const location = hubLocation(hub);
  if (!hub.config.energyUrl || chosenZone(hub) || !location) return null;
  const query = new URLSearchParams({ latitude: String(location.latitude), longitude: String(location.longitude) });
  const zone = (await fetchCloudJson(`${base(hub)}/zone?${query}`, 'energy').catch(() => null)) as Zone | null;
  return zone && typeof zone.id === 'string' && Object.hasOwn(priceZoneList(), zone.id) ? chooseZone(hub, zone.id).id : null;
}
