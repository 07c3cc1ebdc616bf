/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a call
 * that disagrees with the contract, and tsc fails on any of them that compiles. The lines without one show what the
 * types give back for a call that agrees. scripts/client-package.ts checks the same in a third party's project.
 */
import type { CloudAPI } from './cloud/cloud-api.js';
import type { UserRecord } from './cloud/service.js';
import type { HubAPI } from './hub/hub-api.js';
import type { Item } from './hub/types.js';

export async function hubCalls(hub: HubAPI): Promise<void> {
  const devices = await hub.devices.getDevices();
  const lamp: Item<'device'> | undefined = devices['lamp'];
  const name: string | undefined = lamp?.name;
  await hub.devices.setCapabilityValue({ deviceId: 'lamp', capabilityId: 'onoff', value: true });
  await hub.zones.createZone({ zone: { name: 'Attic', parent: 'home', icon: 'attic' } });
  void name;

  // @ts-expect-error an operationId the devices manager does not have
  await hub.devices.getDeviceByName({ name: 'Floor lamp' });
  // @ts-expect-error a path parameter is a string
  await hub.devices.getDevice({ id: 1 });
  // @ts-expect-error a required argument left out (value)
  await hub.devices.setCapabilityValue({ deviceId: 'lamp', capabilityId: 'onoff' });
  // @ts-expect-error a body whose field has the wrong type (a zone's name is a string)
  await hub.zones.createZone({ zone: { name: 7, parent: 'home', icon: 'attic' } });
  // @ts-expect-error a result read as what it is not: a device's name is not a number
  const count: number = (await hub.devices.getDevice({ id: 'lamp' })).name;
  // @ts-expect-error an event the zones manager never sends
  hub.zones.on('device.update', () => undefined);
  void count;
}

export async function cloudCalls(cloud: CloudAPI): Promise<void> {
  const user: UserRecord = await cloud.account.getAuthenticatedUser();
  const email: string | undefined = user.email;
  void email;

  // @ts-expect-error the account service has no such operation
  await cloud.account.getUserByEmail({ email: 'anna@example.com' });
  // @ts-expect-error createDelegationToken needs its audience
  await cloud.account.createDelegationToken({});
  // @ts-expect-error a cloud service the contract does not have
  cloud.service('mailbox', 'http://127.0.0.1:4861');
  // @ts-expect-error a query argument of the wrong type (serial is a string)
  await cloud.service('account', 'http://127.0.0.1:4861').getHomeys({ serial: 42 });
}
