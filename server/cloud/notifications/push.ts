import type { components, operations } from '../../../generated/cloud/notifications.js';
import type { Clock } from '../../http/clock.js';
import type { OutgoingPush, PushProvider } from './outbox.js';

type PushBody = operations['push']['requestBody']['content']['application/json'];
type PushResult = components['schemas']['PushResult'];

/** A device a user registered with the account service, as far as pushing to it goes. */
export interface PushDevice {
  platform?: string;
  token?: string;
}

export interface PushState {
  /** The user's registered devices (the account service's `user_devices`). */
  devicesOf(userId: string): Promise<PushDevice[]>;
  provider: PushProvider;
  clock: Clock;
}

/** Sends each item of a batch to its user's devices that have a push token; users without one are skipped. */
export async function pushBatch(state: PushState, homeyId: string, { batch, data = {} }: PushBody): Promise<PushResult> {
  const sentAt = new Date(state.clock.now()).toISOString();
  let sent = 0;
  let skipped = 0;
  for (const item of batch) {
    const devices = (await state.devicesOf(item.userId)).filter((device): device is Required<PushDevice> => Boolean(device.token && device.platform));
    if (devices.length === 0) skipped++;
    for (const device of devices) {
      const push: OutgoingPush = { platform: device.platform, token: device.token, userId: item.userId, homeyId, title: item.title, message: item.message, pushId: item.pushId, data, sentAt };
      await state.provider.send(push);
      sent++;
    }
  }
  return { sent, skipped };
}
