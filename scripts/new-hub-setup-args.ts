/**
 * What `npm run demo:setup [-- --port <port>] [-- --restore]` is asked to do, from its arguments and npm start's
 * settings (HOST, CLOUD_PORT, DATA_DIR, SETUP_HUB_PORT; CLOUD_URL names another cloud): scripts/demo-setup.ts runs
 * it, and its test sets the hub up with what it answers.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readStartSettings } from './start-settings.js';

export interface DemoSetupPlan {
  /** The running cloud: the account service, with the setup, weather, energy and backup services beside it. */
  cloudUrl: string;
  /** npm start's cloud data folder: the demo account's secrets and the deployment's hub key. */
  cloudDir: string;
  /** The address the new hub listens on (a callable one: never a wildcard). */
  host: string;
  /** The new hub's port: `--port`, else SETUP_HUB_PORT, else 0 (a free one). */
  port: number;
  /** `--restore`: restore the new hub from the account's newest cloud backup during its setup. */
  restore: boolean;
}

const USAGE = 'npm run demo:setup takes --port <port> and --restore only';

/** The plan of a run with these arguments and this environment; a wrong one throws one line saying what is wrong. */
export function demoSetupPlan(argv: string[], env: NodeJS.ProcessEnv, root: string): DemoSetupPlan {
  let values: { port?: string; restore?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, restore: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new Error(`${USAGE}: ${(error as Error).message}`);
  }
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || Number(values.port) > 65535)) throw new Error(`--port must be a port number (0-65535), not "${values.port}"`);
  const settings = readStartSettings(env, root);
  // A wildcard address is not one to call; an IPv6 literal needs brackets in a URL.
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  return {
    cloudUrl: (env.CLOUD_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${settings.cloudPort}`).replace(/\/+$/, ''),
    cloudDir: path.join(settings.dataDir, 'cloud'),
    host,
    port: values.port === undefined ? settings.setupHubPort : Number(values.port),
    restore: values.restore ?? false,
  };
}
