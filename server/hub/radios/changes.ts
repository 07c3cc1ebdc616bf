import type { Listeners } from '../../http/listeners.js';
import type { Hub } from '../core/context.js';
import { news } from '../core/service.js';

/** The managers of the hub's radios, each with a state that getState answers and realtime announces. */
export type RadioManager = 'zigbee' | 'zwave' | 'ble' | 'rf' | 'coprocessor' | 'matter' | 'thread';

declare module '../core/context.js' {
  interface Hub {
    /** Radio managers whose state changed, for in-process listeners (the radio state changes service's). */
    radioChanges: Listeners<RadioManager>;
  }
}

/** The radios' news, started before the radios that tell it. */
export const radioChanges = news('radioChanges', 'radio state changes');

/** Tells that a radio manager's state changed (a node joined, a region was set ...); see radios/events.ts. */
export const radioChanged = (hub: Pick<Hub, 'radioChanges'>, manager: RadioManager): void => hub.radioChanges.tell(manager);

export const onRadioChange = (hub: Pick<Hub, 'radioChanges'>, listener: (manager: RadioManager) => void): (() => void) => hub.radioChanges.add(listener);
