import * as manifest from '../../../generated/hub/energydongle.operations.js';
import type { operations } from '../../../generated/hub/energydongle.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import * as dongles from './dongles.js';
import { phaseLoadNotificationSettings } from './phase-load.js';

/** How long a caller waits for a telegram when it does not say. */
const DEFAULT_WAIT_MS = 15_000;
const MAX_WAIT_MS = 60_000;

export const energydongle = defineApi<operations, typeof manifest.operations, HubContextOf<'energyDongles'>>(manifest, {
  getOptionPhaseLoadNotificationSettings: (_args, { hub }) => ({ value: phaseLoadNotificationSettings.get(hub) }),
  setOptionPhaseLoadNotificationSettings: ({ value }, { hub }) => phaseLoadNotificationSettings.set(hub, value),
  unsetOptionPhaseLoadNotificationSettings: (_args, { hub }) => phaseLoadNotificationSettings.unset(hub),
  createAndUploadDiagnosticReport: ({ deviceId, timeout }, { hub }) => dongles.diagnosticReport(hub, deviceId, timeout ?? DEFAULT_WAIT_MS),
  getNextFrame: ({ deviceId, timeout }, { hub }) => dongles.nextFrame(hub, deviceId, Math.min(timeout === undefined ? DEFAULT_WAIT_MS : Number(timeout), MAX_WAIT_MS)),
  restartSettingsDiscovery: ({ deviceId }, { hub }) => dongles.restartDiscovery(hub, deviceId),
  getUartConfig: ({ deviceId }, { hub }) => dongles.uartConfig(hub, deviceId),
  setUartConfig: ({ deviceId, ...fields }, { hub }) => dongles.setUartConfig(hub, deviceId, fields),
  checkFirmwareUpdateAvailable: ({ deviceId }, { hub }) => dongles.firmware(hub, deviceId),
  installFirmwareUpdate: ({ deviceId, updateThroughReboot }, { hub }) => dongles.installFirmware(hub, deviceId, updateThroughReboot),
  reboot: ({ deviceId }, { hub }) => dongles.reboot(hub, deviceId),
  getPhaseLoadLimits: ({ deviceId }, { hub }) => dongles.phaseLoad(hub, deviceId),
  setPhaseLoadLimits: ({ deviceId, phasesConfigured, capacity }, { hub }) => dongles.setPhaseLimits(hub, deviceId, { phasesConfigured: phasesConfigured as 1 | 3, capacity }),
});
