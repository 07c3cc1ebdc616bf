import type { components } from '../../../generated/cloud/energy.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { draw } from '../content/variation.js';
import sample from './day-ahead-sample.json' with { type: 'json' };
import { requireZone } from './zones.js';

type DayAheadPrices = components['schemas']['DayAheadPrices'];
type Currency = keyof typeof sample.eurRates;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The market's clock: central European (standard) time, in which the sample's hours and the publication are given. */
const CET_MS = HOUR_MS;
/** A day's prices are published at 12:45 CET the day before. */
const PUBLISHED_AT_MS = 12.75 * HOUR_MS;

const levels = new Map(Object.entries(sample.levels));
const rates = new Map(Object.entries(sample.eurRates) as Array<[Currency, number]>);

/** The offset of `timeZone` from UTC at `ms`, in ms (Amsterdam in winter: one hour). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(ms / 1000) * 1000;
}

/** The instant a day (`YYYY-MM-DD`) begins in a time zone. */
function midnight(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw badRequest(`timezone must be an IANA time zone such as Europe/Amsterdam, not ${timeZone}`);
  }
}

/** The last instant whose price is published at `now`: the end of tomorrow (CET) after 12:45 CET, else of today. */
function publishedUntil(now: number): number {
  const market = now + CET_MS;
  const today = Math.floor(market / DAY_MS) * DAY_MS;
  return today + (market - today >= PUBLISHED_AT_MS ? 2 : 1) * DAY_MS - CET_MS;
}

/** The EUR/MWh of the hour holding `ms` in a zone: the sample's weekday and hour (CET), the zone's level, ±10 % of the day's draw. */
function hourPrice(zoneId: string, ms: number): number {
  const market = new Date(Math.floor((ms + CET_MS) / HOUR_MS) * HOUR_MS);
  const weekday = (market.getUTCDay() + 6) % 7;
  const swing = 0.9 + 0.2 * draw(`day-ahead:${zoneId}:${market.toISOString()}`);
  return sample.week[weekday]![market.getUTCHours()]! * levels.get(zoneId)! * swing;
}

/** The price at `ms` per interval: an hour's price, or per quarter the line between the hours' middles. */
function priceAt(zoneId: string, start: number, minutes: number): number {
  if (minutes === 60) return hourPrice(zoneId, start);
  const middle = start + (minutes / 2) * 60_000;
  const hourMiddle = Math.floor(middle / HOUR_MS) * HOUR_MS + HOUR_MS / 2;
  const neighbour = middle < hourMiddle ? hourMiddle - HOUR_MS : hourMiddle + HOUR_MS;
  const weight = Math.abs(middle - hourMiddle) / HOUR_MS;
  return hourPrice(zoneId, hourMiddle) * (1 - weight) + hourPrice(zoneId, neighbour) * weight;
}

/** Minor units per major one, as Intl knows the currency (100 for every currency of the sample). */
const minorPerMajor = (currency: string) => 10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);

export interface DayAheadQuery {
  zoneId: string;
  zoneVersion: string;
  date: string;
  timezone: string;
  currency?: Currency;
  interval?: '60' | '15';
}

/** A zone's prices of a day in a time zone, in minor units per MWh. */
export function dayAheadPrices(query: DayAheadQuery, now: number): DayAheadPrices {
  const zone = requireZone(query.zoneId);
  if (query.zoneVersion !== zone.version) throw conflict(`Zone version ${query.zoneVersion} is not the current one (${zone.version}): read the zones again`);
  checkTimeZone(query.timezone);
  const currency = query.currency ?? (zone.currency as Currency);
  const rate = rates.get(currency);
  if (rate === undefined) throw badRequest(`currency ${currency} has no exchange rate`);
  const start = midnight(query.date, query.timezone);
  const end = midnight(new Date(Date.parse(`${query.date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), query.timezone);
  if (end > publishedUntil(now)) throw notFound(`Prices of ${query.date} in ${query.zoneId} (not published yet)`);
  const minutes = Number(query.interval ?? '60');
  const step = minutes * 60_000;
  const prices = [];
  for (let at = start; at < end; at += step) {
    const price = Math.round(priceAt(zone.id, at, minutes) * rate * minorPerMajor(currency));
    prices.push({ periodStart: new Date(at).toISOString(), periodEnd: new Date(at + step).toISOString(), price });
  }
  return { zoneId: zone.id, zoneVersion: zone.version, date: query.date, timezone: query.timezone, currency, interval: minutes as 60 | 15, prices };
}
