import * as manifest from '../../../generated/hub/apps.operations.js';
import type { operations } from '../../../generated/hub/apps.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { sendCrashlog } from './crashlog.js';
import { disable, enable, requireApp, restart, uninstall } from './lifecycle.js';
import { installFromStore } from './store.js';
import { getSetting, requireSettings, setSetting, unsetSetting } from './settings.js';

export const apps = defineApi<operations, typeof manifest.operations, HubContextOf<'apps' | 'groupsByMember'>, HubItems>(
  manifest,
  {
    getState: (_args, { hub }) => {
      const all = hub.store.values('app');
      return {
        appCount: all.length,
        runningCount: all.filter((app) => app.state === 'running').length,
        crashedCount: all.filter((app) => app.crashed).length,
      };
    },
    installFromAppStore: ({ id, channel, version, waitForInstall = false }, { hub }) => installFromStore(hub, id, channel, version, waitForInstall),
    uninstallApp: ({ id, purgeSettings = false }, { hub }) => hub.apps.oneAtATime(id, () => uninstall(hub, id, purgeSettings)),
    getAppSettings: ({ id }, { hub }) => requireSettings(hub, id),
    getAppSetting: ({ id, name }, { hub }) => getSetting(hub, id, name),
    setAppSetting: ({ id, name, value }, { hub }) => setSetting(hub, id, name, value),
    unsetAppSetting: ({ id, name }, { hub }) => unsetSetting(hub, id, name),
    getAppStd: ({ id, message }, { hub }) => sendCrashlog(hub, id, message),
    enableApp: ({ id }, { hub }) => enable(hub, id),
    disableApp: ({ id }, { hub }) => disable(hub, id),
    restartApp: ({ id }, { hub }) => restart(hub, id),
    getAppLocales: ({ id }, { hub }) => {
      requireApp(hub, id);
      return hub.apps.packages.get(id)?.manifest.locales ?? {};
    },
    gcApp: async ({ id }, { hub }) => {
      requireApp(hub, id);
      return hub.apps.worker(id).usage(hub.clock, { gc: true });
    },
    getAppUsage: async ({ id }, { hub }) => {
      requireApp(hub, id);
      const runtime = hub.apps;
      const usage = runtime.isRunning(id) ? await runtime.worker(id).usage(hub.clock) : { cpu: 0, mem: 0 };
      const app = hub.store.get('app', id);
      if (app) hub.store.save('app', { ...app, usage });
      return usage;
    },
  },
  {
    rules: {
      app: {
        update(current, patch) {
          const { autoupdate } = patch;
          return autoupdate === undefined ? current : { ...current, autoupdate };
        },
      },
    },
  },
);
