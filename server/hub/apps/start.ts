import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { operations } from '../../../generated/hub/apps.operations.js';
import { hasScope } from '../../http/scopes.js';
import type { Hub } from '../context.js';
import { appCardProvider } from './cards.js';
import { forget, installedDir, sessionDir } from './lifecycle.js';
import { readManifest } from './manifest.js';
import { appRuntime } from './runtime.js';
import { checkStoreUpdate } from './store.js';
import { syncWithAppStore } from './store-sync.js';

/** At start: updates store apps, loads every installed app's package and starts the enabled ones. Returns the shutdown. */
export function startApps(hub: Hub): () => Promise<void> {
  // Settings events reach only the sessions that may read settings (more than the apps manager's list scope).
  const settingsScope = operations.getAppSettings.scopes[0];
  hub.store.restrictAs('appsettings', () => (session) => hasScope(session.scopes, settingsScope));
  const runtime = appRuntime(hub);
  for (const installed of hub.store.values('app')) {
    // A devkit run lasts as long as its session, which a restart ends.
    if (installed.origin === 'devkit_run') {
      forget(hub, installed.id, false);
      if (installed.session) rmSync(sessionDir(hub, installed.session), { recursive: true, force: true });
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
  return async () => {
    await stopSync();
    removeCards();
    await runtime.close();
  };
}
