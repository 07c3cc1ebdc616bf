import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { operations } from '../../../generated/hub/apps.operations.js';
import { hasScope } from '../../../client/scopes.js';
import type { Hub, HubCore } from '../core/context.js';
import { appCardProvider } from './cards.js';
import { forget, installedDir, leftoverStaging, sessionDir } from './lifecycle.js';
import { readManifest } from '../../common/app-package/manifest.js';
import type { AppRuntime } from './runtime.js';
import { checkStoreUpdate } from './store.js';
import { syncWithAppStore } from './store-sync.js';
import type { HubService, Nothing, Started } from '../core/service.js';
import { resumeMailOutbox } from '../../http/mail.js';
import { outboxDir } from './crashlog.js';

/**
 * At start: updates store apps, loads every installed app's package into the runtime and starts the enabled ones,
 * after the flow engine (which hears the triggers they fire as they start) and the widgets they register; the
 * runtime stops their workers after this service stops.
 */
export const apps: HubService<Pick<Hub, 'apps' | 'cards' | 'widgets' | 'flowEngine' | 'groupsByMember'>, Nothing> = {
  name: 'apps',
  start: (hub) => startApps(hub, hub.apps),
};

function startApps(hub: HubCore & Pick<Hub, 'apps' | 'cards' | 'groupsByMember'>, runtime: AppRuntime): Started<Nothing> {
  // Settings events reach only the sessions that may read settings (more than the apps manager's list scope).
  const settingsScope = operations.getAppSettings.scopes[0];
  hub.store.restrictAs('appsettings', () => (session) => hasScope(session.scopes, settingsScope));
  // Crash-log mails that waited for the SMTP server before a restart.
  resumeMailOutbox(outboxDir(hub));
  // Ended devkit sessions' folders and installs' staging folders a crash left go in the background (a new
  // session has a new id, a new install a new staging folder); stop awaits them.
  const removals: Promise<void>[] = [leftoverStaging(hub).remove()];
  for (const installed of hub.store.values('app')) {
    // A devkit run lasts as long as its session, which a restart ends.
    if (installed.origin === 'devkit_run') {
      forget(hub, installed.id, false);
      if (installed.session) removals.push(rm(sessionDir(hub, installed.session), { recursive: true, force: true }));
      continue;
    }
    checkStoreUpdate(hub, installed);
    const app = hub.store.get('app', installed.id)!;
    const dir = installedDir(hub, app);
    if (!existsSync(join(dir, 'app.json'))) {
      hub.store.save('app', { ...app, state: 'stopped', ready: false, crashed: true, crashedMessage: 'The app package is missing: reinstall the app' });
      continue;
    }
    runtime.load(app.id, dir, readManifest(dir));
    if (app.enabled) void runtime.start(app.id);
    else if (app.state !== 'stopped') hub.store.save('app', { ...app, state: 'stopped', ready: false });
  }
  const removeCards = hub.cards.add(appCardProvider);
  const stopSync = syncWithAppStore(hub);
  const stop = async () => {
    await stopSync();
    removeCards();
    await Promise.allSettled(removals);
  };
  return { gives: {}, stop };
}
