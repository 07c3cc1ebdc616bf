import { readFileSync } from 'node:fs';
import { systemClock } from '../../http/clock.js';

/** Raspberry Pi firmware's throttling flags; bit 0 is "under voltage now". Absent on other machines. */
const THROTTLED = '/sys/devices/platform/soc/soc:firmware/get_throttled';
const WINDOW_MS = 10 * 60_000;
const MAX_SAMPLES = 600;

function underVoltageNow(): boolean {
  try {
    return (parseInt(readFileSync(THROTTLED, 'utf8').trim(), 16) & 1) === 1;
  } catch {
    return false;
  }
}

/** The share of the last ten minutes' samples (one per read, the newest 600 at most) that found the supply under voltage. */
export class UnderVoltageSampler {
  private readonly samples: Array<{ at: number; under: boolean }> = [];

  constructor(private readonly read: () => boolean = underVoltageNow) {}

  /** Samples at `now`, the machine's time by default: the supply is the machine's, shared by every hub in the process. */
  ratio(now = systemClock.now()): number {
    this.samples.push({ at: now, under: this.read() });
    while (this.samples.length > MAX_SAMPLES || this.samples[0]!.at < now - WINDOW_MS) this.samples.shift();
    return this.samples.filter((sample) => sample.under).length / this.samples.length;
  }
}
