import type { components } from '../../generated/hub/devices.js';
import { after, machineTime } from '../clock.js';
import { DEVICE_REFRESH_DEBOUNCE, DEVICE_REFRESH_THRESHOLD } from '../constants.js';
import type { HubAPI } from './hub-api.js';
import type { CapabilityEvent } from './types.js';

type DeviceRecord = components['schemas']['Device'];
type Listener = (value: unknown) => void;

/** One capability of a device, kept current by the hub's capability events (seed 001 §3). */
export class CapabilityInstance {
  value: unknown;
  lastChanged: Date | null;

  constructor(private readonly device: Device, readonly id: string, private readonly listener: Listener) {
    const capability = device.capability(id);
    this.value = capability?.value ?? null;
    this.lastChanged = capability?.lastUpdated ? new Date(capability.lastUpdated) : null;
  }

  /** Sets the capability on the hub; the new value arrives as an event like anyone else's change. */
  setValue(value: string | number | boolean, opts?: Record<string, unknown>): Promise<void> {
    return this.device.setCapabilityValue(this.id, value, opts);
  }

  destroy(): void {
    this.device.release(this);
  }

  /** @internal A value from the hub: an event, or a refresh that found it changed. */
  update(value: unknown, at: Date): void {
    if (Object.is(value, this.value) && this.lastChanged && at <= this.lastChanged) return;
    this.value = value;
    this.lastChanged = at;
    this.listener(value);
  }
}

/**
 * A device with capability instances. While it has instances it listens to `homey:device:<id>`; after a reconnect
 * it refreshes itself, debounced by 1 s and only when its data is older than 2.5 s (§4, §9), since events sent
 * while the connection was down are lost.
 */
export class Device {
  private lastUpdated: number;
  private readonly instances = new Set<CapabilityInstance>();
  private unsubscribe?: Promise<() => void>;
  private stopWatching?: () => void;
  private cancelRefresh = () => {};
  private reconnecting = false;

  private constructor(private readonly hub: HubAPI, private data: DeviceRecord, private readonly now: () => number) {
    this.lastUpdated = now();
  }

  static async get(hub: HubAPI, id: string, { now = machineTime }: { now?: () => number } = {}): Promise<Device> {
    return new Device(hub, await hub.devices.getDevice({ id }), now);
  }

  get id(): string {
    return this.data.id;
  }
  get name(): string {
    return this.data.name;
  }
  get zone(): string {
    return this.data.zone;
  }
  get driverId(): string {
    return this.data.driverId;
  }
  get capabilitiesObj(): DeviceRecord['capabilitiesObj'] {
    return this.data.capabilitiesObj;
  }

  /** A capability of the device by id, an own property only (STYLE.md rule 19). */
  capability(id: string): DeviceRecord['capabilitiesObj'][string] | undefined {
    return Object.hasOwn(this.data.capabilitiesObj, id) ? this.data.capabilitiesObj[id] : undefined;
  }

  /** An instance of one capability whose listener hears every change of its value. */
  async makeCapabilityInstance(capabilityId: string, listener: Listener): Promise<CapabilityInstance> {
    const instance = new CapabilityInstance(this, capabilityId, listener);
    this.instances.add(instance);
    this.unsubscribe ??= this.hub.subscribe(`homey:device:${this.id}`, (event) => {
      if (event.event === 'capability') this.onCapability(event.data);
    });
    this.stopWatching ??= this.hub.onRealtimeState((state) => {
      if (state === 'reconnecting') this.reconnecting = true;
      if (state === 'connected' && this.reconnecting) {
        this.reconnecting = false;
        this.scheduleRefresh();
      }
    });
    await this.unsubscribe;
    return instance;
  }

  setCapabilityValue(capabilityId: string, value: string | number | boolean, opts?: Record<string, unknown>): Promise<void> {
    return this.hub.devices.setCapabilityValue({ deviceId: this.id, capabilityId, value, opts });
  }

  /** Refreshes after 1 s of quiet, and then only if the data is older than 2.5 s. */
  scheduleRefresh(): void {
    this.cancelRefresh();
    this.cancelRefresh = after(DEVICE_REFRESH_DEBOUNCE, () => {
      if (this.now() - this.lastUpdated > DEVICE_REFRESH_THRESHOLD) void this.refresh().catch(() => undefined);
    });
  }

  /** Reads the device again and hands its instances any value that changed. */
  async refresh(): Promise<void> {
    this.data = await this.hub.devices.getDevice({ id: this.id });
    this.lastUpdated = this.now();
    for (const instance of this.instances) {
      const capability = this.capability(instance.id);
      if (capability) instance.update(capability.value, capability.lastUpdated ? new Date(capability.lastUpdated) : new Date(this.lastUpdated));
    }
  }

  /** @internal */
  release(instance: CapabilityInstance): void {
    this.instances.delete(instance);
    if (this.instances.size) return;
    this.cancelRefresh();
    this.stopWatching?.();
    void this.unsubscribe?.then((unsubscribe) => unsubscribe(), () => undefined);
    this.unsubscribe = this.stopWatching = undefined;
  }

  private onCapability(event: CapabilityEvent): void {
    this.lastUpdated = this.now();
    const at = new Date(event.transactionTime);
    const capability = this.capability(event.capabilityId);
    if (capability) Object.assign(capability, { value: event.value, lastUpdated: at.toISOString() });
    for (const instance of this.instances) if (instance.id === event.capabilityId) instance.update(event.value, at);
  }
}
