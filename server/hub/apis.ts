import type { HubApiId } from '../../generated/hub/index.js';
import type { ApiModule } from '../http/api.js';
import type { HubContext } from './context.js';
import { alarms } from './alarms/api.js';
import { devices } from './devices/api.js';
import { drivers } from './drivers/api.js';
import { insights } from './insights/api.js';
import { logic } from './logic/api.js';
import { presence } from './presence/api.js';
import { system } from './system/api.js';
import { sessions } from './sessions/api.js';
import { users } from './users/api.js';
import { zones } from './zones/api.js';

/** Every hub manager's handlers. A manager in the contract without an entry here is a compile error. */
export const hubApis = {
  alarms,
  devices,
  drivers,
  insights,
  logic,
  presence,
  system,
  sessions,
  users,
  zones,
} satisfies Record<HubApiId, ApiModule<HubContext>>;
