import { badRequest, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { radioChanged } from '../radios/changes.js';
import { parseDataset, type ThreadNetwork } from './dataset.js';

const OWN_ROUTER = 'homey-border-router';
const dataset = (hub: HubCore) => hub.settings.get<string>('thread.dataset') ?? null;
const enabled = (hub: HubCore) => hub.settings.get<boolean>('thread.enabled') !== false;
const interfaceUp = (hub: HubCore) => hub.settings.get<boolean>('thread.up') !== false;

const network = (hub: HubCore): ThreadNetwork | null => {
  const hex = dataset(hub);
  return hex ? parseDataset(hex) : null;
};
/** Whether the hub's Thread network runs: enabled, its interface up, with an active dataset. Thread devices need it. */
export const threadRunning = (hub: HubCore) => enabled(hub) && interfaceUp(hub) && dataset(hub) !== null;
const running = threadRunning;

export function threadState(hub: HubCore) {
  return { enabled: enabled(hub), role: !enabled(hub) ? ('disabled' as const) : running(hub) ? ('leader' as const) : ('detached' as const), network: network(hub) };
}

export function getDataset(hub: HubCore) {
  const hex = dataset(hub);
  if (!hex) throw notFound('Active dataset (none is set)');
  return { tlvHex: hex };
}

export function setDataset(hub: HubCore & Pick<Hub, 'radioChanges'>, tlvHex: string): void {
  parseDataset(tlvHex);
  hub.settings.set('thread.dataset', tlvHex.toLowerCase());
  radioChanged(hub, 'thread');
}

export function reset(hub: HubCore & Pick<Hub, 'radioChanges'>): void {
  for (const key of ['thread.dataset', 'thread.up', 'thread.scan']) hub.settings.unset(key);
  radioChanged(hub, 'thread');
}

export function setEnabled(hub: HubCore & Pick<Hub, 'radioChanges'>, on: boolean): void {
  hub.settings.set('thread.enabled', on);
  radioChanged(hub, 'thread');
}

function setUp(hub: HubCore & Pick<Hub, 'radioChanges'>, up: boolean): void {
  hub.settings.set('thread.up', up);
  radioChanged(hub, 'thread');
}

export function topology(hub: HubCore) {
  if (!running(hub)) return { leader: null, nodes: [] };
  const nodes = hub.store
    .values('matternode')
    .filter((node) => node.transport === 'thread')
    .map((node) => ({ id: node.id, name: node.name, role: node.routing ? ('router' as const) : ('child' as const) }));
  return { leader: OWN_ROUTER, nodes };
}

export const lastScan = (hub: HubCore) => hub.settings.get<ReturnType<typeof rescan>>('thread.scan') ?? { scannedAt: null, borderRouters: [] };

/** The simulated air holds one border router: the hub's own, while it runs. */
export function rescan(hub: HubCore) {
  const own = running(hub) ? network(hub) : null;
  const scan = {
    scannedAt: new Date(hub.now()).toISOString(),
    borderRouters: own ? [{ id: OWN_ROUTER, networkName: own.networkName, extPanId: own.extPanId, own: true }] : [],
  };
  hub.settings.set('thread.scan', scan);
  return scan;
}

/** A few OpenThread CLI commands, answered from the simulated state as `ot-ctl` prints them. */
export function execute(hub: HubCore & Pick<Hub, 'radioChanges'>, line: string, preventThreadSetup: boolean): string[] {
  const command = line.trim().split(/\s+/).join(' ');
  const net = network(hub);
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw badRequest(`${command}: no active dataset`);
    return value;
  };
  switch (command) {
    case 'state':
      return [threadState(hub).role === 'leader' ? 'leader' : threadState(hub).role, 'Done'];
    case 'channel':
      return [String(need(net?.channel)), 'Done'];
    case 'panid':
      return [`0x${need(net?.panId).toString(16).padStart(4, '0')}`, 'Done'];
    case 'extpanid':
      return [need(net?.extPanId), 'Done'];
    case 'networkname':
      return [need(net?.networkName), 'Done'];
    case 'dataset active -x':
      return [need(dataset(hub) ?? undefined), 'Done'];
    case 'ifconfig up':
    case 'thread start':
      if (!preventThreadSetup) setUp(hub, true);
      return ['Done'];
    case 'ifconfig down':
    case 'thread stop':
      setUp(hub, false);
      return ['Done'];
    default:
      throw badRequest(`Unknown command: ${command} (known: state, channel, panid, extpanid, networkname, dataset active -x, ifconfig up|down, thread start|stop)`);
  }
}
