import { randomBytes, randomUUID } from 'node:crypto';
import { conflict, badRequest, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { applyValues, checkValue } from '../devices/control.js';
import { capabilityEntry, type Device } from '../devices/device.js';
import type { CapabilityValue } from '../drivers/capabilities.js';
import { findDriver, VDEVICE_OWNER } from '../drivers/catalogue.js';
import { radioChanged } from './changes.js';
import type { NodeAttribute, RadioNode } from './node.js';
import { profileOf, type RadioId } from './profiles.js';
import type { HubService } from '../core/service.js';

/** How long the hub takes to interview a node that joined (read its make, model and clusters or command classes). */
export const INTERVIEW_MS = 3_000;
/** How long a network stays open for joining when a pair session searches for devices. */
export const PAIR_JOIN_SECONDS = 60;


export interface LogLine {
  time: string;
  message: string;
}
/** The radio log keeps the latest lines only. */
export const LOG_LINES = 500;

export interface NetworkState {
  /** Zigbee: the 802.15.4 channel; Z-Wave: unused (0). */
  channel: number;
  /** Zigbee PAN id, or the Z-Wave home id, as a number. */
  panId: number;
  permitJoinUntil: string | null;
  nodes: Record<string, RadioNode>;
  /** Z-Wave: the last node id handed out; ids are not reused at once, so a stale device never names a newcomer. */
  lastNodeId?: number;
}

const newPanId = () => randomBytes(2).readUInt16BE() || 1;
const initialState = (radio: RadioId): NetworkState => ({ channel: radio === 'zigbee' ? 15 : 0, panId: newPanId(), permitJoinUntil: null, nodes: {} });

/** The device a node was paired as: a device of its driver whose data.id is `<radio>:<node id>`. */
export const nodeDataId = (radio: RadioId, nodeId: string) => `${radio}:${nodeId}`;

/** What a network reads of the hub: a node's report sets its device's values, and each change is news. */
type RadioPart = 'capabilityChanges' | 'groupsByMember' | 'radioChanges';
type RadioHub = HubCore & Pick<Hub, RadioPart>;

/** One simulated radio network, its state kept in the hub's settings. */
export class Network {
  private readonly key: string;
  private readonly timers = new Map<string, () => void>();

  constructor(private readonly hub: RadioHub, readonly radio: RadioId) {
    this.key = `radio.${radio}`;
    for (const node of Object.values(this.state().nodes)) if (node.status === 'interviewing') this.scheduleInterview(node);
  }

  state(): NetworkState {
    return this.hub.settings.getOrCreate(this.key, () => initialState(this.radio));
  }

  private save(state: NetworkState): NetworkState {
    this.hub.settings.set(this.key, state);
    radioChanged(this.hub, this.radio);
    return state;
  }

  /** Writes a line to the radio's log while its log is enabled (the Z-Wave manager reads it). */
  note(message: string): void {
    if (this.hub.settings.get<boolean>(`${this.key}.logEnabled`) !== true) return;
    const lines = this.hub.settings.get<LogLine[]>(`${this.key}.log`) ?? [];
    this.hub.settings.set(`${this.key}.log`, [...lines, { time: this.iso(), message }].slice(-LOG_LINES));
  }

  private iso(offsetMs = 0): string {
    return new Date(this.hub.now() + offsetMs).toISOString();
  }

  isOpen(): boolean {
    const until = this.state().permitJoinUntil;
    return until !== null && Date.parse(until) > this.hub.now();
  }

  /** Opens the network for joining for `seconds` (0 closes it). */
  permitJoin(seconds: number): NetworkState {
    return this.save({ ...this.state(), permitJoinUntil: seconds > 0 ? this.iso(seconds * 1000) : null });
  }

  update(changes: Partial<Pick<NetworkState, 'channel' | 'panId'>>): NetworkState {
    return this.save({ ...this.state(), ...changes });
  }

  requireNode(id: string): RadioNode {
    const { nodes } = this.state();
    if (!Object.hasOwn(nodes, id)) throw notFound(`${this.radio === 'zigbee' ? 'Zigbee' : 'Z-Wave'} node ${id}`);
    return nodes[id]!;
  }

  private nextId({ nodes, lastNodeId = 1 }: NetworkState): string {
    if (this.radio === 'zigbee') return randomBytes(8).toString('hex');
    for (let step = 1; step <= 231; step++) {
      const id = String(((lastNodeId - 2 + step) % 231) + 2);
      if (!Object.hasOwn(nodes, id)) return id;
    }
    throw conflict('The Z-Wave network is full: 231 nodes');
  }

  /** A virtual node joins: the network must be open; the hub then interviews it. */
  join(driver: string, overrides: { manufacturer?: string; model?: string }): RadioNode {
    const profile = profileOf(this.radio, driver);
    if (!profile) throw badRequest(`No simulated ${this.radio} hardware for driver ${driver}`);
    if (!this.isOpen()) throw conflict(`The ${this.radio} network is closed: start a pair session's search or the permitJoin command first`);
    const state = this.state();
    const now = this.iso();
    const node: RadioNode = {
      id: this.nextId(state),
      driver,
      status: 'interviewing',
      manufacturer: overrides.manufacturer ?? profile.manufacturer,
      model: overrides.model ?? profile.model,
      endpoints: [],
      joinedAt: now,
      interviewedAt: null,
      lastSeen: now,
      lastReport: null,
    };
    const lastNodeId = this.radio === 'zwave' ? Number(node.id) : undefined;
    this.save({ ...state, nodes: { ...state.nodes, [node.id]: node }, ...(lastNodeId ? { lastNodeId } : {}) });
    this.note(`Node ${node.id} joined (${node.manufacturer} ${node.model}); interviewing`);
    this.scheduleInterview(node);
    return node;
  }

  private scheduleInterview(node: RadioNode): void {
    const done = () => Object.hasOwn(this.state().nodes, node.id) && this.finishInterview(node.id);
    this.timers.set(node.id, this.hub.clock.at(Date.parse(node.joinedAt) + INTERVIEW_MS, done));
  }

  /** The interview of a node completes: it reads the node's clusters or command classes (the timer's end, or at once for hardware known already). */
  finishInterview(id: string): RadioNode {
    this.timers.get(id)?.();
    this.timers.delete(id);
    const node = this.requireNode(id);
    if (node.status === 'ready') return node;
    const endpoints = profileOf(this.radio, node.driver)?.endpoints ?? [];
    const interviewed: RadioNode = { ...node, status: 'ready', endpoints, interviewedAt: this.iso() };
    const state = this.state();
    this.save({ ...state, nodes: { ...state.nodes, [id]: interviewed } });
    this.note(`Node ${id} interviewed: ${endpoints.join(', ')}`);
    return interviewed;
  }

  /** Pings a node: it answers, so it was seen now. */
  ping(id: string): RadioNode {
    const state = this.state();
    const pinged: RadioNode = { ...this.requireNode(id), lastSeen: this.iso() };
    this.save({ ...state, nodes: { ...state.nodes, [id]: pinged } });
    return pinged;
  }

  /** Interviews again every node whose interview has not completed; answers how many. */
  reinterview(): number {
    const pending = Object.values(this.state().nodes).filter((node) => node.status !== 'ready');
    for (const node of pending) {
      this.timers.get(node.id)?.();
      const state = this.state();
      const restarted: RadioNode = { ...node, joinedAt: this.iso() };
      this.save({ ...state, nodes: { ...state.nodes, [node.id]: restarted } });
      this.scheduleInterview(restarted);
    }
    return pending.length;
  }

  /** Cancels the pending interviews (the hub stops; a restart schedules them again). */
  close(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  deviceOf(node: RadioNode): Device | undefined {
    const driverId = `${VDEVICE_OWNER}:${node.driver}`;
    const dataId = nodeDataId(this.radio, node.id);
    return this.hub.store.values('device').find((device) => device.driverId === driverId && device.data.id === dataId);
  }

  /** An interviewed node sends values; those of a paired node become its device's capability values. */
  report(id: string, values: Record<string, unknown>): { node: RadioNode; deviceId: string | null } {
    const node = this.requireNode(id);
    if (node.status !== 'ready') throw conflict(`Node ${id} is still being interviewed`);
    const driver = findDriver(`${VDEVICE_OWNER}:${node.driver}`)!;
    const now = this.iso();
    const checked: Record<string, CapabilityValue> = {};
    for (const [capabilityId, value] of Object.entries(values)) {
      if (!driver.capabilities.includes(capabilityId)) throw badRequest(`A ${driver.name.toLowerCase()} reports no ${capabilityId}`);
      // The hardware reports what only it can set: the type and bounds apply, setable does not.
      const entry = capabilityEntry(capabilityId, [driver.options[capabilityId]], null, now);
      checked[capabilityId] = checkValue({ ...entry, setable: true }, value);
    }
    if (Object.keys(checked).length === 0) throw badRequest('A report carries at least one value');
    const state = this.state();
    const reported: RadioNode = { ...node, lastSeen: now, lastReport: { ...node.lastReport, ...checked } };
    this.save({ ...state, nodes: { ...state.nodes, [id]: reported } });
    this.note(`Node ${id} reported ${Object.entries(checked).map(([key, value]) => `${key}=${String(value)}`).join(', ')}`);
    const device = this.deviceOf(reported);
    if (device) {
      const alive = device.available ? device : this.hub.store.save('device', { ...device, available: true, unavailableMessage: null });
      applyValues(this.hub, alive, checked, randomUUID());
    }
    return { node: reported, deviceId: device?.id ?? null };
  }

  /**
   * The hub sent a node a value its device was given (a user, a flow): the node applies it and confirms, so its
   * last report holds it. A value the node reported itself is confirmed already and changes nothing.
   */
  acknowledge(id: string, capabilityId: string, value: CapabilityValue): void {
    const state = this.state();
    const node = Object.hasOwn(state.nodes, id) ? state.nodes[id]! : undefined;
    if (!node || node.status !== 'ready' || (node.lastReport && Object.hasOwn(node.lastReport, capabilityId) && node.lastReport[capabilityId] === value)) return;
    const acknowledged: RadioNode = { ...node, lastSeen: this.iso(), lastReport: { ...node.lastReport, [capabilityId]: value } };
    this.save({ ...state, nodes: { ...state.nodes, [id]: acknowledged } });
    this.note(`Node ${id} set ${capabilityId}=${String(value)}`);
  }

  /** An app's command set what the node keeps beyond its values (an attribute written, a parameter configured). */
  remember(id: string, attributes: Record<string, NodeAttribute>): RadioNode {
    const state = this.state();
    const node = this.requireNode(id);
    const remembered: RadioNode = { ...node, lastSeen: this.iso(), attributes: { ...node.attributes, ...attributes } };
    this.save({ ...state, nodes: { ...state.nodes, [id]: remembered } });
    this.note(`Node ${id} set ${Object.entries(attributes).map(([key, value]) => `${key}=${String(value)}`).join(', ')}`);
    return remembered;
  }

  /** A node leaves (or is excluded): its device, if paired, becomes unavailable. */
  leave(id: string): void {
    const node = this.requireNode(id);
    this.forget([node], `The device left the ${this.radio === 'zigbee' ? 'Zigbee' : 'Z-Wave'} network`);
  }

  /** Forms a new network (new PAN or home id): every node is gone. */
  reform(reason: string): NetworkState {
    this.forget(Object.values(this.state().nodes), reason);
    return this.save({ ...this.state(), panId: newPanId(), permitJoinUntil: null });
  }

  private forget(nodes: RadioNode[], reason: string): void {
    const state = this.state();
    const remaining = { ...state.nodes };
    for (const node of nodes) {
      this.timers.get(node.id)?.();
      this.timers.delete(node.id);
      delete remaining[node.id];
      this.note(`Node ${node.id} left: ${reason}`);
      const device = this.deviceOf(node);
      if (device) this.hub.store.save('device', { ...device, available: false, unavailableMessage: reason });
    }
    this.save({ ...state, nodes: remaining });
  }

  /** Excludes the node a device was paired from, when the device is removed from the home. */
  exclude(id: string, deviceName: string): void {
    const state = this.state();
    if (!Object.hasOwn(state.nodes, id)) return;
    const remaining = { ...state.nodes };
    delete remaining[id];
    this.save({ ...state, nodes: remaining });
    this.note(`Node ${id} excluded: its device ${deviceName} was removed`);
  }
}

/** The hub's radio networks, each made on first use (it then re-arms the interviews a restart broke off). */
export class RadioNetworks {
  private readonly byRadio = new Map<RadioId, Network>();

  constructor(private readonly hub: RadioHub) {}

  network(radio: RadioId): Network {
    let found = this.byRadio.get(radio);
    if (!found) this.byRadio.set(radio, (found = new Network(this.hub, radio)));
    return found;
  }

  close(): void {
    for (const net of this.byRadio.values()) net.close();
    this.byRadio.clear();
  }
}

declare module '../core/context.js' {
  interface Hub {
    /** The simulated Zigbee and Z-Wave networks: their nodes, joining, interviews and log. */
    radios: RadioNetworks;
  }
}

/** The hub's radio networks, there before the demo seed pairs its nodes; their timers stop with the hub. */
export const radioNetworks: HubService<Pick<Hub, RadioPart>, Pick<Hub, 'radios'>> = {
  name: 'radio networks',
  start: (hub) => {
    const radios = new RadioNetworks(hub);
    return { gives: { radios }, stop: () => radios.close() };
  },
};

export const radioOfDriver = (connectivity: readonly string[]): RadioId | undefined =>
  connectivity.includes('zigbee') ? 'zigbee' : connectivity.includes('zwave') ? 'zwave' : undefined;
