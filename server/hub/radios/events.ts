import type { Hub, HubCore } from '../core/context.js';
import { bleState } from '../ble/radio.js';
import { coprocessorState } from '../coprocessor/peripherals.js';
import { matterState } from '../matter/commissioning.js';
import { rfState } from '../rf/transceiver.js';
import { threadState } from '../thread/border-router.js';
import { zigbeeState } from '../zigbee/firmware.js';
import { zwaveState } from '../zwave/controller.js';
import { onRadioChange, radioChanged, type RadioManager } from './changes.js';

/** What the radio managers' states are read from. */
type RadioStateParts = HubCore & Pick<Hub, 'radios' | 'rf' | 'radioChanges'>;

const views = new Map<RadioManager, (hub: RadioStateParts) => unknown>([
  ['zigbee', zigbeeState],
  ['zwave', zwaveState],
  ['ble', bleState],
  ['rf', rfState],
  ['coprocessor', coprocessorState],
  ['matter', matterState],
  ['thread', threadState],
]);

/** Items a radio state counts (matter's nodeCount, rf's signalCount): their creates and deletes change that state. */
const countedItems = new Map<string, RadioManager>([
  ['matternode', 'matter'],
  ['signal', 'rf'],
]);

/**
 * Announces every change of a radio manager's state on `homey:manager:<manager>` as `state` with the whole state
 * (what getState answers), as the backup and updates managers do: a subscribed client needs no second read.
 */
export function startRadioEvents(hub: RadioStateParts): () => void {
  const stops = [
    onRadioChange(hub, (manager) => hub.bus.publish(`homey:manager:${manager}`, 'state', views.get(manager)!(hub))),
    hub.bus.subscribe(({ uri, event }) => {
      const [type, change] = event.split('.');
      const manager = countedItems.get(type ?? '');
      if (manager && uri === `homey:manager:${manager}` && (change === 'create' || change === 'delete')) radioChanged(hub, manager);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
