import { listenersPer } from '../../http/listeners.js';
import type { HubCore } from '../core/context.js';

/** The managers of the hub's radios, each with a state that getState answers and realtime announces. */
export type RadioManager = 'zigbee' | 'zwave' | 'ble' | 'rf' | 'coprocessor' | 'matter' | 'thread';

const changes = listenersPer<HubCore, RadioManager>('radio state changes');

/** Tells that a radio manager's state changed (a node joined, a region was set ...); see radios/events.ts. */
export const radioChanged = (hub: HubCore, manager: RadioManager): void => changes(hub).tell(manager);

export const onRadioChange = (hub: HubCore, listener: (manager: RadioManager) => void): (() => void) => changes(hub).add(listener);
