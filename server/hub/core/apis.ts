import type { HubApiId } from '../../../generated/hub/index.js';
import type { ApiModule } from '../../http/api.js';
import type { HubContext } from './context.js';
import { alarms } from '../alarms/api.js';
import { api } from '../api/api.js';
import { apps } from '../apps/api.js';
import { arp } from '../arp/api.js';
import { audio } from '../audio/api.js';
import { backup } from '../backup/api.js';
import { ble } from '../ble/api.js';
import { clock } from '../clock/api.js';
import { cloud } from '../cloud/api.js';
import { coprocessor } from '../coprocessor/api.js';
import { cron } from '../cron/api.js';
import { dashboards } from '../dashboards/api.js';
import { database } from '../database/api.js';
import { devices } from '../devices/api.js';
import { devkit } from '../devkit/api.js';
import { discovery } from '../discovery/api.js';
import { drivers } from '../drivers/api.js';
import { energy } from '../energy/api.js';
import { energydongle } from '../energydongle/api.js';
import { experiments } from '../experiments/api.js';
import { flow } from '../flow/api.js';
import { flowtoken } from '../flowtoken/api.js';
import { geolocation } from '../geolocation/api.js';
import { googleAssistant } from '../google-assistant/api.js';
import { i18n } from '../i18n/api.js';
import { icons } from '../icons/api.js';
import { images } from '../images/api.js';
import { insights } from '../insights/api.js';
import { ledring } from '../ledring/api.js';
import { logic } from '../logic/api.js';
import { matter } from '../matter/api.js';
import { mobile } from '../mobile/api.js';
import { moods } from '../moods/api.js';
import { notifications } from '../notifications/api.js';
import { presence } from '../presence/api.js';
import { reports } from '../reports/api.js';
import { rf } from '../rf/api.js';
import { safety } from '../safety/api.js';
import { satellites } from '../satellites/api.js';
import { security } from '../security/api.js';
import { sessions } from '../sessions/api.js';
import { speechOutput } from '../speech-output/api.js';
import { system } from '../system/api.js';
import { thread } from '../thread/api.js';
import { updates } from '../updates/api.js';
import { users } from '../users/api.js';
import { vdevice } from '../vdevice/api.js';
import { videos } from '../videos/api.js';
import { weather } from '../weather/api.js';
import { webserver } from '../webserver/api.js';
import { zigbee } from '../zigbee/api.js';
import { zones } from '../zones/api.js';
import { zwave } from '../zwave/api.js';

/** Every hub manager's handlers. A manager in the contract without an entry here is a compile error. */
export const hubApis = {
  alarms,
  api,
  apps,
  arp,
  audio,
  backup,
  ble,
  clock,
  cloud,
  coprocessor,
  cron,
  dashboards,
  database,
  devices,
  devkit,
  discovery,
  drivers,
  energy,
  energydongle,
  experiments,
  flow,
  flowtoken,
  geolocation,
  'google-assistant': googleAssistant,
  i18n,
  icons,
  images,
  insights,
  ledring,
  logic,
  matter,
  mobile,
  moods,
  notifications,
  presence,
  reports,
  rf,
  safety,
  satellites,
  security,
  sessions,
  'speech-output': speechOutput,
  system,
  thread,
  updates,
  users,
  vdevice,
  videos,
  weather,
  webserver,
  zigbee,
  zones,
  zwave,
} satisfies Record<HubApiId, ApiModule<HubContext>>;
