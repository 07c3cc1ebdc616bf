/**
 * npm start: the demo hub on HOST:HUB_PORT (its SQLite data in DATA_DIR, kept across restarts) with the API docs at
 * /docs, and the built support form on FORM_PORT. Prints the hub URL and the demo owner's personal access token.
 */
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { ensureDemoToken } from '../server/hub/demo-home.js';
import { createHub, type RunningHub } from '../server/hub/hub.js';
import { root } from './apis.js';
import { demoListPath } from './demo-list.js';

/** This machine only, unless HOST says otherwise (0.0.0.0 lets other devices on the network reach the hub). */
const host = process.env.HOST || '127.0.0.1';

function portFrom(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`${name} must be a port number (0-65535), not "${value}".`);
  return port;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function listenError(error: NodeJS.ErrnoException, name: string, port: number): string {
  if (error.code === 'EADDRINUSE') {
    return `Port ${port} is already in use: is another hub or npm start running? Stop it, or choose another port: ${name}=${port + 10} npm start`;
  }
  return `Cannot listen on ${host}:${port} (${name}): ${error.message}`;
}

/** A static server of the built form, or undefined when it is not built. Express 5 reports listen errors to the callback. */
function serveForm(formDir: string, port: number): Promise<Server | undefined> {
  if (!existsSync(path.join(formDir, 'index.html'))) return Promise.resolve(undefined);
  const app = express();
  app.disable('x-powered-by');
  app.use(express.static(formDir));
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error) => (error ? reject(error) : resolve(server)));
  });
}

async function closeAll(running: RunningHub, form: Server | undefined): Promise<void> {
  await Promise.all([
    running.close(),
    form && new Promise<void>((resolve) => form.close(() => resolve())),
  ]);
}

const hubPort = portFrom('HUB_PORT', 4859);
const formPort = portFrom('FORM_PORT', 4860);
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const docsDir = path.resolve(process.env.DOCS_DIR || path.join(root, 'dist', 'docs'));
const formDir = path.join(root, 'form', 'dist');

/**
 * The cloud account service's public key (PEM), which verifies delegation tokens at POST /api/manager/users/login.
 * A key that cannot be read stops the start rather than failing every login later.
 */
function readCloudPublicKey(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const pem = readFileSync(file, 'utf8');
    // Only a public key in SPKI form (never a private key, which createPublicKey would also accept).
    if (!pem.includes('-----BEGIN PUBLIC KEY-----')) throw new Error('no "BEGIN PUBLIC KEY" block');
    createPublicKey(pem);
    return pem;
  } catch (error) {
    fail(`CLOUD_PUBLIC_KEY_FILE must name a PEM public key file: ${file} (${(error as Error).message})`);
  }
}
const cloudPublicKey = readCloudPublicKey(process.env.CLOUD_PUBLIC_KEY_FILE);

/** Names the hub answers to beside its own addresses and names (see README: what the hub accepts). */
const hostNames = (process.env.HUB_HOSTNAMES ?? '').split(',').map((name) => name.trim()).filter(Boolean);

/** The cloud's shared secret: sharing-invite acceptance and mobile events must carry it; without it, mobile events are refused. */
const cloudSharedSecret = process.env.CLOUD_SHARED_SECRET || undefined;

/** The cloud weather service the geolocation manager asks (GET /weather); unset, the hub's weather call answers 503. */
const weatherUrl = process.env.WEATHER_URL || undefined;

const running = createHub({ dataDir, demoHome: true, validateResponses: false, development: false, docsDir, cloudPublicKey, cloudSharedSecret, hostNames, weatherUrl });
let form: Server | undefined;
let hubUrl: string;
try {
  hubUrl = await running.listen(hubPort, host);
} catch (error) {
  await running.close();
  fail(listenError(error as NodeJS.ErrnoException, 'HUB_PORT', hubPort));
}
try {
  form = await serveForm(formDir, formPort);
} catch (error) {
  await running.close();
  fail(listenError(error as NodeJS.ErrnoException, 'FORM_PORT', formPort));
}

const { token, replaced } = ensureDemoToken(running.hub);
const docsBuilt = existsSync(path.join(docsDir, 'index.html'));
const formAddress = form?.address();
console.log(`Hub URL: ${hubUrl}`);
if (replaced === 'revoked') console.log('The previous personal access token had been revoked: a new one was issued.');
if (replaced === 'ownerChanged') console.log('The previous personal access token belongs to a former owner: a new one was issued for the current owner.');
console.log(`Personal access token: ${token}`);
console.log(docsBuilt ? `API docs: ${hubUrl}/docs/` : `API docs: not built (npm run docs builds them into ${docsDir})`);
console.log(formAddress && typeof formAddress === 'object'
  ? `Support form: ${Object.assign(new URL(hubUrl), { port: String(formAddress.port) }).href}`
  : 'Support form: not built (form/dist is missing; npm run build:form builds it)');
console.log(`Data: ${dataDir} (kept across restarts)`);
console.log(`Try: curl -H "Authorization: Bearer ${token}" ${hubUrl}${demoListPath}`);
console.log('Ctrl-C stops the hub.');

let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the hub...`);
  // A client holding a connection open must not keep the hub from exiting.
  setTimeout(() => fail('The hub did not stop within 5 s; exiting anyway.'), 5000).unref();
  await closeAll(running, form);
  console.log('Hub stopped.');
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
