/**
 * npm run start:cloud: one instance of the cloud services without the hub (scripts/cloud.ts), for running several
 * behind a proxy (docs/several-instances.md): the account service and those mounted beside it on CLOUD_PORT, the
 * connect service on CONNECT_PORT, data in CLOUD_DATABASE_URL (else SQLite in DATA_DIR/cloud), shared counters and
 * connect's map in REDIS_URL. Prints the instance's URLs; SIGTERM or Ctrl-C stops it, giving up its hubs' tunnels.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';
import { startCloud, type RunningCloud } from './cloud.js';
import { browsableOrigin, fail, startSettingsOrFail, unknownSettings } from './start-settings.js';

for (const warning of unknownSettings(process.env)) console.error(warning);
const settings = startSettingsOrFail(process.env, root);
const cloudDir = path.join(settings.dataDir, 'cloud');
mkdirSync(cloudDir, { recursive: true });
if (settings.redisUrl && !settings.cloudSharedSecret) {
  console.log('CLOUD_SHARED_SECRET is unset: each instance makes its own, so the app store refuses what another instance signed; set one for all.');
}

let cloud: RunningCloud;
try {
  cloud = await startCloud({
    settings,
    cloudDir,
    appsSecret: settings.cloudSharedSecret ?? randomBytes(32).toString('hex'),
    async listen(service, name, port) {
      try {
        return browsableOrigin(await service.listen(port, settings.host));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new Error(code === 'EADDRINUSE' ? `Port ${port} is already in use: choose another with ${name}` : `Cannot listen on ${settings.host}:${port} (${name}): ${(error as Error).message}`);
      }
    },
  });
} catch (error) {
  fail((error as Error).message);
}
console.log(`Cloud URL: ${cloud.cloudUrl}`);
console.log(`Connect URL: ${cloud.connectUrl}`);
console.log(cloud.cluster ? `Instance: ${cloud.cluster.instanceId} (sharing through REDIS_URL)` : 'Instance: alone (no REDIS_URL: limits and connect map in memory)');
console.log(`Data: ${settings.cloudDatabaseUrl ? 'CLOUD_DATABASE_URL' : cloudDir}; keys and files: ${cloudDir}`);
console.log('Ctrl-C stops this cloud instance.');

let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the cloud instance...`);
  setTimeout(() => fail('The cloud instance did not stop within 5 s; exiting anyway.'), 5000).unref();
  await cloud.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
