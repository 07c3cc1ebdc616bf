import type { components } from '../../../generated/hub/energydongle.js';

export type FrameValues = components['schemas']['EnergyDongleFrame']['values'];

/** CRC-16/ARC (polynomial 0xA001 reflected), which DSMR 5 puts after the `!` of a telegram, over `/` up to `!`. */
export function crc16(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const pad = (value: number, width: number, decimals: number) => value.toFixed(decimals).padStart(width + (decimals ? decimals + 1 : 0), '0');
const two = (value: number) => String(value).padStart(2, '0');

/** DSMR's timestamp: local time YYMMDDhhmmss and W (winter) or S (summer time). */
function dsmrTime(ms: number): string {
  const date = new Date(ms);
  const january = new Date(date.getFullYear(), 0, 1).getTimezoneOffset();
  const season = date.getTimezoneOffset() < january ? 'S' : 'W';
  return `${two(date.getFullYear() % 100)}${two(date.getMonth() + 1)}${two(date.getDate())}${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}${season}`;
}

const PHASE_CODES = { l1: ['32', '31', '21', '22'], l2: ['52', '51', '41', '42'], l3: ['72', '71', '61', '62'] } as const;

/** The DSMR 5 telegram a meter sends for these values at `ms`: CRLF lines, ending in `!` and its CRC. */
export function telegramOf(equipmentId: string, ms: number, values: FrameValues): string {
  const lines = [
    '/SIM5\\2HUB-P1',
    '',
    '1-3:0.2.8(50)',
    `0-0:1.0.0(${dsmrTime(ms)})`,
    `0-0:96.1.1(${Buffer.from(equipmentId, 'latin1').toString('hex').slice(0, 96)})`,
    `1-0:1.8.1(${pad(values.energyDeliveredTariff1, 6, 3)}*kWh)`,
    `1-0:1.8.2(${pad(values.energyDeliveredTariff2, 6, 3)}*kWh)`,
    `1-0:2.8.1(${pad(values.energyReturnedTariff1, 6, 3)}*kWh)`,
    `1-0:2.8.2(${pad(values.energyReturnedTariff2, 6, 3)}*kWh)`,
    `0-0:96.14.0(${pad(values.tariff, 4, 0)})`,
    `1-0:1.7.0(${pad(values.powerDelivered / 1000, 2, 3)}*kW)`,
    `1-0:2.7.0(${pad(values.powerReturned / 1000, 2, 3)}*kW)`,
    ...values.phases.flatMap((phase) => {
      const [voltage, current, delivered, returned] = PHASE_CODES[phase.id];
      return [
        `1-0:${voltage}.7.0(${pad(phase.voltage, 3, 1)}*V)`,
        `1-0:${current}.7.0(${pad(Math.round(phase.current), 3, 0)}*A)`,
        `1-0:${delivered}.7.0(${pad(Math.max(phase.power, 0) / 1000, 2, 3)}*kW)`,
        `1-0:${returned}.7.0(${pad(Math.max(-phase.power, 0) / 1000, 2, 3)}*kW)`,
      ];
    }),
    `0-1:24.2.1(${dsmrTime(ms)})(${pad(values.gas, 5, 3)}*m3)`,
    '!',
  ];
  const body = lines.join('\r\n');
  return `${body}${crc16(body)}\r\n`;
}
