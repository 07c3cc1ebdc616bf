import type { components } from '../../../generated/hub/energydongle.js';
import type { Device } from '../devices/device.js';
import { createNotification, type NotifyingHub } from '../notifications/notify.js';
import { hubOption } from '../core/options.js';

type Frame = components['schemas']['EnergyDongleFrame'];
type Settings = components['schemas']['EnergyDonglePhaseLoadSettings'];

export interface PhaseLimits {
  phasesConfigured: 1 | 3;
  /** The main fuse per phase, in A. */
  capacity: number;
}

export const phaseLoadNotificationSettings = hubOption<Settings>('energydongle', 'phaseLoadNotificationSettings', () => ({ enabled: false, threshold: 90 }));

/**
 * With the option enabled, a phase loaded above its threshold (in % of the fuse's capacity) sends a notification,
 * once until it drops below the threshold again (`overloaded` remembers which phases have).
 */
export function checkPhaseLoad(hub: NotifyingHub, device: Device, frame: Frame, limits: PhaseLimits, overloaded: Set<string>): void {
  const { enabled, threshold } = phaseLoadNotificationSettings.get(hub);
  for (const phase of frame.values.phases.slice(0, limits.phasesConfigured)) {
    const load = (phase.current / limits.capacity) * 100;
    if (load <= threshold) {
      overloaded.delete(phase.id);
      continue;
    }
    if (!enabled || overloaded.has(phase.id)) continue;
    overloaded.add(phase.id);
    createNotification(hub, {
      ownerUri: 'homey:manager:energydongle',
      excerpt: `${device.name}: phase ${phase.id.toUpperCase()} is loaded at ${Math.round(load)} % of its ${limits.capacity} A`,
      priority: 'WARNING',
      meta: { deviceId: device.id, phase: phase.id },
    });
  }
}
