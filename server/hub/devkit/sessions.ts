import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { copyPackage, installPackage, sessionDir, uninstall } from '../apps/lifecycle.js';
import { readManifest, validateApp } from '../../common/app-package/manifest.js';
import { unpackArchive } from '../../common/app-package/unpack.js';
import type { HubService, Nothing } from '../core/service.js';

export interface DevkitSession {
  id: string;
  appId: string;
  debug: boolean;
}

declare module '../core/context.js' {
  interface Hub {
    /** The devkit's running sessions (apps run from a developer's machine), by id. */
    devkit: Map<string, DevkitSession>;
  }
}

/** The devkit's running sessions by id; in memory, as a restart ends them (apps/start.ts forgets their apps). */
export const devkitSessions: HubService<Nothing, Pick<Hub, 'devkit'>> = {
  name: 'devkit sessions',
  start: () => ({ gives: { devkit: new Map() } }),
};

export const allSessions = (hub: HubCore & Pick<Hub, 'devkit'>): DevkitSession[] => [...hub.devkit.values()];

export function requireSession(hub: HubCore & Pick<Hub, 'devkit'>, id: string): DevkitSession {
  const session = hub.devkit.get(id);
  if (!session) throw new ApiError(404, 'not_found', `Devkit session not found: ${id}`);
  return session;
}

function parseEnv(env: string | undefined): Record<string, string> {
  if (env === undefined || env === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(env);
  } catch {
    throw badRequest('env must be a JSON object of strings');
  }
  const valid = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((value) => typeof value === 'string');
  if (!valid) throw badRequest('env must be a JSON object of strings');
  return { ...(parsed as Record<string, string>) };
}

/** What running an app from a developer's machine reads of the hub. */
type DevkitHub = HubCore & Pick<Hub, 'apps' | 'devkit' | 'groupsByMember'>;

/** runApp: unpacks the uploaded package and runs it as a devkit session (a running one of the same app is replaced). */
export async function runApp(hub: DevkitHub, archive: unknown, { purgeSettings, env: envText, debug }: { purgeSettings: boolean; env?: string; debug: boolean }): Promise<DevkitSession> {
  if (!(archive instanceof Uint8Array)) throw badRequest('app must be an uploaded .tar.gz file');
  const env = parseEnv(envText);
  const id = randomUUID();
  const dir = sessionDir(hub, id);
  try {
    await unpackArchive(archive, dir);
    // As `homey app run` does: homey-lib at debug level (the store validates at publish level).
    const manifest = await validateApp(dir, 'debug');
    return await hub.apps.oneAtATime(manifest.id, async () => {
      const installed = hub.store.get('app', manifest.id);
      if (installed && installed.origin !== 'devkit_run') throw conflict(`${installed.name} is installed (${installed.origin}): uninstall it to run it from the devkit`);
      const earlier = allSessions(hub).find((session) => session.appId === manifest.id);
      if (earlier) await endSession(hub, earlier);
      if (purgeSettings && hub.store.get('appsettings', manifest.id)) hub.store.remove('appsettings', manifest.id);
      const session = { id, appId: manifest.id, debug };
      hub.devkit.set(id, session);
      await installPackage(hub, dir, manifest, 'devkit_run', { session: id, env, debug });
      return session;
    });
  } catch (error) {
    hub.devkit.delete(id);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** stopApp: the session's app stops and goes; its settings stay for the next run. */
export function stopSession(hub: DevkitHub, id: string): Promise<void> {
  const session = requireSession(hub, id);
  return hub.apps.oneAtATime(session.appId, () => (hub.devkit.has(id) ? endSession(hub, session) : Promise.resolve()));
}

/** Ends a session, its app and its files; the caller holds oneAtATime for the session's app. */
async function endSession(hub: DevkitHub, session: DevkitSession): Promise<void> {
  hub.devkit.delete(session.id);
  const app = hub.store.get('app', session.appId);
  if (app?.origin === 'devkit_run' && app.session === session.id) await uninstall(hub, app.id, false);
  await rm(sessionDir(hub, session.id), { recursive: true, force: true });
}

export function sessionOutput(hub: HubCore & Pick<Hub, 'apps' | 'devkit'>, id: string) {
  return hub.apps.logOf(requireSession(hub, id).appId);
}

export async function sessionUsage(hub: HubCore & Pick<Hub, 'apps' | 'devkit'>): Promise<Record<string, { cpu: number; mem: number }>> {
  const runtime = hub.apps;
  const usages = await Promise.all(
    allSessions(hub).map(async (session) => [session.id, runtime.isRunning(session.appId) ? await runtime.worker(session.appId).usage(hub.clock) : { cpu: 0, mem: 0 }] as const),
  );
  return Object.fromEntries(usages);
}

/** installApp: installs the package of the running session of this app for good, ending the session. */
export function installFromSession(hub: DevkitHub, appId: string, clean: boolean) {
  return hub.apps.oneAtATime(appId, async () => {
    const session = allSessions(hub).find((candidate) => candidate.appId === appId);
    if (!session) throw notFound(`Devkit session of ${appId}`);
    const target = await copyPackage(hub, sessionDir(hub, session.id), { id: appId, origin: 'devkit_install', session: session.id });
    await endSession(hub, session);
    if (clean && hub.store.get('appsettings', appId)) hub.store.remove('appsettings', appId);
    const app = await installPackage(hub, target, readManifest(target), 'devkit_install', { session: session.id });
    return { appId, version: app.version, sessionId: session.id };
  });
}

/** uninstallApp: removes the app installed from this session. */
export async function uninstallInstalled(hub: HubCore & Pick<Hub, 'apps' | 'groupsByMember'>, sessionId: string): Promise<void> {
  const app = hub.store.values('app').find((candidate) => candidate.origin === 'devkit_install' && candidate.session === sessionId);
  if (!app) throw new ApiError(404, 'not_found', `No app installed from devkit session ${sessionId}`);
  await hub.apps.oneAtATime(app.id, async () => {
    const current = hub.store.get('app', app.id);
    if (current?.origin === 'devkit_install' && current.session === sessionId) await uninstall(hub, app.id, false);
  });
}
