import { randomUUID } from 'node:crypto';
import type { Hub, HubCore } from '../core/context.js';
import { buildAdvancedFlow, type AdvancedFlowCard } from './advanced-flows.js';
import { buildFlow, PROGRAMMATIC_TRIGGER, type FlowCreate } from './flows.js';

const CRON = 'homey:manager:cron';
const minutes = (number: number) => ({ multiplier: 60 as const, number: String(number) });
const between = (from: string, to: string) => ({ uri: CRON, id: `${CRON}:time_between`, args: { from, to } });
const asCondition = <T extends object>(entry: T) => ({ group: 'group1' as const, inverted: false, ...entry });
const asAction = <T extends object>(entry: T) => ({ group: 'then' as const, ...entry });

/**
 * The demo home's flows, built through the flow manager's own checks (so a card they use must exist): motion in
 * the hallway lights it for a minute, evening motion in the living room dims its lights up, "Good night" (started
 * by hand) turns the lights off, locks the front door and the bedside lamp off after a while, and an advanced flow
 * lights the landing when the front door opens at night.
 */
export function seedDemoFlows(hub: HubCore & Pick<Hub, 'cards'>): void {
  const devices = hub.store.values('device');
  const uriOf = (name: string) => `homey:device:${devices.find((device) => device.name === name)!.id}`;
  const card = (device: string, local: string, more: object = {}) => ({ uri: uriOf(device), id: `${uriOf(device)}:${local}`, ...more });
  const flows: FlowCreate[] = [
    {
      name: 'Hallway light on motion',
      trigger: card('Hallway motion', 'alarm_motion_true'),
      actions: [asAction(card('Hallway light', 'on', { duration: minutes(1) }))],
    },
    {
      name: 'Evening welcome in the living room',
      trigger: card('Living room motion', 'alarm_motion_true'),
      conditions: [asCondition(between('18:00', '23:00')), asCondition(card('Living room lights', 'onoff_is', { inverted: true }))],
      actions: [asAction(card('Living room lights', 'dim_set', { args: { value: 0.6 } })), asAction(card('Living room lights', 'on'))],
    },
    {
      name: 'Good night',
      trigger: { uri: 'homey:manager:flow', id: PROGRAMMATIC_TRIGGER },
      actions: [
        ...['Ceiling light', 'Floor lamp', 'Kitchen spots', 'Hallway light', 'Landing light', 'Bathroom light', 'Garden lights'].map((name) => asAction(card(name, 'off'))),
        asAction(card('Front door lock', 'locked_set', { args: { value: true } })),
        asAction(card('Bedside lamp', 'off', { delay: minutes(15) })),
      ],
    },
  ];
  flows.forEach((flow, order) => hub.store.insert('flow', buildFlow(hub, { ...flow, order })));

  // Canvas cards name their owner `ownerUri`, not `uri`.
  const onCanvas = ({ uri, ...rest }: { uri: string; id: string }) => ({ ownerUri: uri, ...rest });
  const [trigger, night, landing] = [randomUUID(), randomUUID(), randomUUID()];
  const cards: Record<string, AdvancedFlowCard> = {
    [trigger]: { ...onCanvas(card('Front door sensor', 'alarm_contact_true')), type: 'trigger', x: 40, y: 120, outputSuccess: [night] },
    [night]: { ...onCanvas(between('22:00', '06:30')), type: 'condition', x: 320, y: 120, outputTrue: [landing] },
    [landing]: { ...onCanvas(card('Landing light', 'on', { duration: minutes(5) })), type: 'action', x: 600, y: 120 },
  };
  hub.store.insert('advancedflow', buildAdvancedFlow(hub, { name: 'Front door at night', cards }));
}
