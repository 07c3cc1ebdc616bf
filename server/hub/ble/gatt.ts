import type { components } from '../../../generated/hub/ble.js';
import { badRequest, notFound } from '../../http/errors.js';

type Gatt = components['schemas']['BleGatt'];

/**
 * The GATT server of a simulated connectable peripheral: its services, characteristics and their values as bytes
 * on the air (Bluetooth's assigned numbers and formats), read from the simulator's state of the peripheral.
 */

export type Property = 'read' | 'write' | 'notify';

interface Characteristic {
  uuid: string;
  name: string;
  properties: Property[];
  read: (gatt: Gatt) => Buffer;
  /** What a write changes in the peripheral's state. */
  write?: (data: Buffer) => Partial<Gatt>;
}

interface Service {
  uuid: string;
  name: string;
  characteristics: Characteristic[];
}

/** The Client Characteristic Configuration descriptor a notifiable characteristic has (notifications on or off). */
export const CCCD = '2902';

const int16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeInt16LE(value);
  return bytes;
};

const THERMOMETER: Service[] = [
  {
    uuid: '1800', name: 'Generic Access', characteristics: [{
      uuid: '2a00', name: 'Device Name', properties: ['read', 'write'], read: (gatt) => Buffer.from(gatt.deviceName, 'utf-8'),
      write: (data) => {
        const deviceName = data.toString('utf-8');
        if (deviceName.length < 1 || deviceName.length > 100) throw badRequest('A Device Name is 1 to 100 characters');
        return { deviceName };
      },
    }],
  },
  { uuid: '180f', name: 'Battery Service', characteristics: [{ uuid: '2a19', name: 'Battery Level', properties: ['read', 'notify'], read: (gatt) => Buffer.from([gatt.batteryLevel]) }] },
  {
    uuid: '181a', name: 'Environmental Sensing',
    characteristics: [{ uuid: '2a6e', name: 'Temperature', properties: ['read', 'notify'], read: (gatt) => int16(Math.round(gatt.temperature * 100)) }],
  },
];

const PROFILES: Record<Gatt['profile'], Service[]> = { thermometer: THERMOMETER };

/** The services of a peripheral's GATT server, as the SDK's discovery lists them. */
export const servicesOf = (gatt: Gatt) => PROFILES[gatt.profile].map(({ uuid, name, characteristics }) => ({
  uuid, name,
  characteristics: characteristics.map((characteristic) => ({
    uuid: characteristic.uuid, name: characteristic.name, properties: characteristic.properties,
    descriptors: characteristic.properties.includes('notify') ? [{ uuid: CCCD, name: 'Client Characteristic Configuration' }] : [],
  })),
}));

/** A characteristic by its service's and its own uuid (16-bit, or the 128-bit form of the Bluetooth base uuid). */
export function characteristicOf(gatt: Gatt, serviceUuid: unknown, characteristicUuid: unknown): Characteristic {
  const service = PROFILES[gatt.profile].find((candidate) => candidate.uuid === shortUuid(serviceUuid));
  if (!service) throw notFound(`BLE service ${String(serviceUuid)}`);
  const characteristic = service.characteristics.find((candidate) => candidate.uuid === shortUuid(characteristicUuid));
  if (!characteristic) throw notFound(`BLE characteristic ${String(characteristicUuid)} of service ${service.uuid}`);
  return characteristic;
}

/** A uuid as the simulator names it: lower case, 16-bit where it is one of the Bluetooth base uuid's. */
export function shortUuid(uuid: unknown): string {
  const lower = String(uuid).toLowerCase().replaceAll('-', '');
  const base = /^0000([0-9a-f]{4})00001000800000805f9b34fb$/.exec(lower);
  return base ? base[1]! : lower;
}
