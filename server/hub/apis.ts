import type { HubApiId } from '../../generated/hub/index.js';
import type { ApiModule } from '../http/api.js';
import type { HubContext } from './context.js';
import { alarms } from './alarms/api.js';
import { apps } from './apps/api.js';
import { backup } from './backup/api.js';
import { dashboards } from './dashboards/api.js';
import { devices } from './devices/api.js';
import { devkit } from './devkit/api.js';
import { drivers } from './drivers/api.js';
import { energy } from './energy/api.js';
import { flow } from './flow/api.js';
import { flowtoken } from './flowtoken/api.js';
import { images } from './images/api.js';
import { logic } from './logic/api.js';
import { moods } from './moods/api.js';
import { notifications } from './notifications/api.js';
import { presence } from './presence/api.js';
import { sessions } from './sessions/api.js';
import { system } from './system/api.js';
import { updates } from './updates/api.js';
import { users } from './users/api.js';
import { zones } from './zones/api.js';

/** Every hub manager's handlers. A manager in the contract without an entry here is a compile error. */
export const hubApis = {
  alarms,
  apps,
  backup,
  dashboards,
  devices,
  devkit,
  drivers,
  energy,
  flow,
  flowtoken,
  images,
  logic,
  moods,
  notifications,
  presence,
  sessions,
  system,
  updates,
  users,
  zones,
} satisfies Record<HubApiId, ApiModule<HubContext>>;
