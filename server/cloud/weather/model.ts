import type { components } from '../../../generated/cloud/weather.js';
import { cellOf, variation } from '../content/variation.js';

export type Weather = components['schemas']['Weather'];
type Condition = Weather['condition'];

const rad = Math.PI / 180;
const HOUR_MS = 3_600_000;
/** Weather systems pass in about a quarter day: one draw per six hours, blended. */
const STEP_MS = 6 * HOUR_MS;
const YEAR_DAYS = 365.25;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const SUMMARIES: Readonly<Record<string, Readonly<Record<Condition, string>>>> = {
  en: { clear: 'Clear', 'partly-cloudy': 'Partly cloudy', cloudy: 'Cloudy', fog: 'Fog', drizzle: 'Drizzle', rain: 'Rain', snow: 'Snow', sleet: 'Sleet', thunderstorm: 'Thunderstorm', wind: 'Windy' },
  nl: { clear: 'Helder', 'partly-cloudy': 'Half bewolkt', cloudy: 'Bewolkt', fog: 'Mist', drizzle: 'Motregen', rain: 'Regen', snow: 'Sneeuw', sleet: 'Natte sneeuw', thunderstorm: 'Onweer', wind: 'Harde wind' },
  de: { clear: 'Klar', 'partly-cloudy': 'Teilweise bewölkt', cloudy: 'Bewölkt', fog: 'Nebel', drizzle: 'Nieselregen', rain: 'Regen', snow: 'Schnee', sleet: 'Schneeregen', thunderstorm: 'Gewitter', wind: 'Windig' },
};

/** The climate's mean temperature at a latitude on a day of the year, °C: warm tropics, cold poles, seasons opposite across the equator. */
function climate(latitude: number, dayOfYear: number): number {
  const annualMean = -15 + 42 * Math.cos(latitude * rad) ** 1.2;
  const amplitude = 0.14 * Math.abs(latitude);
  // The warmest day falls about four weeks after the solstice: day 200 in the north.
  const season = Math.cos((2 * Math.PI * (dayOfYear - 200)) / YEAR_DAYS) * Math.sign(latitude);
  return annualMean + amplitude * season;
}

function conditionOf(temperature: number, cloudCover: number, precipitation: number, humidity: number, windSpeed: number): Condition {
  if (precipitation > 0) {
    if (temperature <= 0) return 'snow';
    if (temperature < 2) return 'sleet';
    if (precipitation > 2.5 && temperature > 18) return 'thunderstorm';
    return precipitation < 0.5 ? 'drizzle' : 'rain';
  }
  if (windSpeed > 13) return 'wind';
  if (humidity > 0.93 && windSpeed < 2.5) return 'fog';
  return cloudCover < 0.2 ? 'clear' : cloudCover < 0.6 ? 'partly-cloudy' : 'cloudy';
}

/** The Australian apparent temperature (Steadman 1994): humidity warms, wind cools, for any weather. */
function apparent(temperature: number, humidity: number, windSpeed: number): number {
  const vapour = humidity * 6.105 * Math.exp((17.27 * temperature) / (237.7 + temperature));
  return temperature + 0.33 * vapour - 0.7 * windSpeed - 4;
}

/** The modelled weather at a place for the hour that holds `ms`: the same answer for the same place and hour. */
export function weatherAt(latitude: number, longitude: number, ms: number, language = 'en'): Weather {
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const cell = cellOf(latitude, longitude);
  const vary = (name: string) => variation(name, cell, hour, STEP_MS);
  const date = new Date(hour);
  const dayOfYear = (hour - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000;
  const solarHour = (date.getUTCHours() + longitude / 15 + 24) % 24;

  const cloudCover = clamp(vary('cloud') * 1.25 - 0.1, 0, 1);
  const rain = vary('rain');
  const precipitation = cloudCover > 0.75 ? round((cloudCover - 0.75) * 16 * rain, 1) : 0;
  const humidity = clamp(0.5 + 0.45 * cloudCover + (vary('humidity') - 0.5) * 0.2, 0.1, 1);
  const windSpeed = 0.5 + 15 * vary('wind') ** 2;
  // The day's swing, largest under a clear sky, warmest at three in the afternoon sun time.
  const daily = 4 * (1 - 0.6 * cloudCover) * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  const temperature = climate(latitude, dayOfYear) + daily + (vary('temperature') - 0.5) * 8;
  const condition = conditionOf(temperature, cloudCover, precipitation, humidity, windSpeed);
  return {
    latitude,
    longitude,
    time: date.toISOString(),
    condition,
    summary: (SUMMARIES[language] ?? SUMMARIES.en!)[condition],
    temperature: round(temperature, 1),
    feelsLike: round(apparent(temperature, humidity, windSpeed), 1),
    humidity: round(humidity, 2),
    pressure: Math.round(1030 - 30 * cloudCover + (vary('pressure') - 0.5) * 12),
    windSpeed: round(windSpeed, 1),
    windBearing: Math.round(vary('bearing') * 360) % 360,
    cloudCover: round(cloudCover, 2),
    precipitation,
  };
}
