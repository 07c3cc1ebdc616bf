import type { HubApiId } from '../../generated/hub/index.js';
import type { ApiModule } from '../http/api.js';
import type { HubContext } from './context.js';
import { alarms } from './alarms/api.js';
import { audio } from './audio/api.js';
import { devices } from './devices/api.js';
import { drivers } from './drivers/api.js';
import { energy } from './energy/api.js';
import { geolocation } from './geolocation/api.js';
import { i18n } from './i18n/api.js';
import { ledring } from './ledring/api.js';
import { logic } from './logic/api.js';
import { moods } from './moods/api.js';
import { dashboards } from './dashboards/api.js';
import { presence } from './presence/api.js';
import { system } from './system/api.js';
import { sessions } from './sessions/api.js';
import { speechOutput } from './speech-output/api.js';
import { users } from './users/api.js';
import { zones } from './zones/api.js';

/** Every hub manager's handlers. A manager in the contract without an entry here is a compile error. */
export const hubApis = {
  alarms,
  audio,
  dashboards,
  devices,
  drivers,
  energy,
  geolocation,
  i18n,
  ledring,
  logic,
  moods,
  presence,
  system,
  sessions,
  'speech-output': speechOutput,
  users,
  zones,
} satisfies Record<HubApiId, ApiModule<HubContext>>;
