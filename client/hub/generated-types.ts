import type { HubApiId } from '../../generated/hub/index.js';
import type * as devices from '../../generated/hub/devices.js';
import type * as drivers from '../../generated/hub/drivers.js';
import type * as sessions from '../../generated/hub/sessions.js';
import type * as system from '../../generated/hub/system.js';
import type * as users from '../../generated/hub/users.js';
import type * as zones from '../../generated/hub/zones.js';

/** The generated types of every hub manager, by manager id: what types each manager's methods and events. */
export interface HubTypes {
  devices: { operations: devices.operations; components: devices.components };
  drivers: { operations: drivers.operations; components: drivers.components };
  sessions: { operations: sessions.operations; components: sessions.components };
  system: { operations: system.operations; components: system.components };
  users: { operations: users.operations; components: users.components };
  zones: { operations: zones.operations; components: zones.components };
}

/** A manager of the contract (generated/hub/index.ts) that HubTypes lacks: a compile error below names it. */
type Untyped = Exclude<HubApiId, keyof HubTypes>;
const everyManagerTyped: [Untyped] extends [never] ? true : { missing: Untyped } = true;

/** A manager's generated types; one missing from HubTypes gets no typed methods (and the error above). */
export type TypesOf<M extends HubApiId> = M extends keyof HubTypes ? HubTypes[M] : { operations: {}; components: { schemas: {} } };
