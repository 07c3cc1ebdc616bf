/**
 * The client library as a third party gets it (CI: `npx tsx scripts/client-package.ts`): build and `npm pack` it,
 * install the tarball into a scratch project under the system's temp folder, type-check a consumer there with the
 * tsconfig `tsc --init` writes (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, no Node types) and
 * skipLibCheck off, so that an error inside the package's own declarations counts too; check that an editor shows a
 * method's contract summary as its doc comment; then compile the consumer and run it with plain node against a running hub: connect, list the devices, receive one realtime event. The hub
 * is HUB_URL with HUB_TOKEN when given, else the built server `npm start` runs, started here on free ports.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { root } from './apis.js';
import { buildClientPackage, CLIENT_PACKAGE_NAME, packClientPackage } from './build-client.js';
import { printed, spawnStart, stop, waitForOutput } from './child.js';

/** Typed against the installed package; run by run.mjs. A call that disagrees with the contract must not compile. */
const CONSUMER = `import { HubAPI, type Item } from '${CLIENT_PACKAGE_NAME}';

/** Connects, lists the devices, and resolves with the first capability event of a device switched here. */
export async function proof(address: string, token: string): Promise<{ devices: string[]; event: string }> {
  const hub = await HubAPI.connect({ address, token });
  try {
    const devices: Array<Item<'device'>> = Object.values(await hub.devices.getDevices());
    const lamp = devices.find((device) => device.capabilities.includes('onoff'));
    if (!lamp) throw new Error('The hub has no device with onoff');
    let received: (event: string) => void = () => undefined;
    const event = new Promise<string>((resolve) => (received = resolve));
    await hub.subscribe(\`homey:device:\${lamp.id}\`, ({ event, data }) => {
      if (event === 'capability') received(\`\${data.capabilityId}=\${String(data.value)}\`);
    });
    await hub.devices.setCapabilityValue({ deviceId: lamp.id, capabilityId: 'onoff', value: lamp.capabilitiesObj['onoff']?.value !== true });
    return { devices: devices.map((device) => device.name), event: await event };
  } finally {
    hub.destroy();
  }
}

export async function disagreesWithTheContract(hub: HubAPI): Promise<void> {
  // @ts-expect-error a device id is a string
  await hub.devices.getDevice({ id: 1 });
  // @ts-expect-error the zones manager has no such operation
  await hub.zones.getZoneByName({ name: 'Kitchen' });
  // @ts-expect-error createZone needs its zone
  await hub.zones.createZone({});
}
`;

const RUN = `import { proof } from './consumer.js';

const { devices, event } = await proof(process.env.HUB_URL, process.env.HUB_TOKEN);
if (!devices.length) throw new Error('No devices listed');
console.log(\`Listed \${devices.length} devices; received \${event}\`);
`;

function step(title: string, command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  console.log(`client package: ${title}`);
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 180_000 });
  if (result.status !== 0) throw new Error(`${title} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** What an editor in the scratch project shows as the doc comment of the first `name(` in consumer.ts. */
function docCommentOf(scratch: string, name: string): string {
  const file = path.join(scratch, 'consumer.ts');
  const config = ts.getParsedCommandLineOfConfigFile(path.join(scratch, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const service = ts.createLanguageService({
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => (ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)!) : undefined),
    getCurrentDirectory: () => scratch,
    getCompilationSettings: () => config!.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
  });
  const info = service.getQuickInfoAtPosition(file, CONSUMER.indexOf(`${name}(`));
  return ts.displayPartsToString(info?.documentation);
}

/** The contract's summary of a hub operation, from its bundled document. */
function summaryOf(manager: string, operationId: string): string {
  const document = JSON.parse(readFileSync(path.join(root, 'generated', 'hub', `${manager}.openapi.json`), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
  const operation = Object.values(document.paths).flatMap((item) => Object.values(item)).find((entry) => entry.operationId === operationId);
  if (!operation?.summary) throw new Error(`${manager}.${operationId} has no summary`);
  return operation.summary;
}

/** The hub to run against: HUB_URL and HUB_TOKEN, or the built server started here (stopped at the end). */
async function runningHub(data: string): Promise<{ url: string; token: string; child?: ChildProcess }> {
  if (process.env.HUB_URL && process.env.HUB_TOKEN) return { url: process.env.HUB_URL, token: process.env.HUB_TOKEN };
  const child = await spawnStart({ HUB_PORT: '0', FORM_PORT: '0', CLOUD_PORT: '0', HUB_MDNS: '0', DATA_DIR: data });
  try {
    const output = await waitForOutput(child, /^Personal access token: /, 60_000);
    return { url: printed(output, 'Hub URL')!, token: printed(output, 'Personal access token')!, child };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** A third party may use the package only under a licence it can read: MIT, named in package.json and shipped whole. */
function checkLicence(installed: string): void {
  const { license } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { license?: string };
  const text = readFileSync(path.join(installed, 'LICENSE'), 'utf8');
  if (license !== 'MIT' || !text.startsWith('MIT License')) throw new Error(`The installed package carries licence ${String(license)} and a LICENSE starting ${JSON.stringify(text.slice(0, 20))}, not MIT`);
  console.log('client package: MIT licence in package.json and LICENSE');
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'client-package-'));
  let hub: ChildProcess | undefined;
  try {
    console.log('client package: build');
    buildClientPackage();
    const tarball = packClientPackage();
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    step('npm init', 'npm', ['init', '--yes'], scratch);
    step('type module', 'npm', ['pkg', 'set', 'type=module'], scratch);
    step(`npm install ${path.basename(tarball)}`, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], scratch);
    checkLicence(path.join(scratch, 'node_modules', CLIENT_PACKAGE_NAME));
    step('tsc --init', process.execPath, [tsc, '--init'], scratch);
    const tsconfig = path.join(scratch, 'tsconfig.json');
    const strict = readFileSync(tsconfig, 'utf8');
    if (!strict.includes('"strict": true') || !strict.includes('"skipLibCheck": true')) throw new Error(`tsc --init wrote an unexpected tsconfig:\n${strict}`);
    writeFileSync(tsconfig, strict.replace('"skipLibCheck": true', '"skipLibCheck": false'));
    writeFileSync(path.join(scratch, 'consumer.ts'), CONSUMER);
    writeFileSync(path.join(scratch, 'run.mjs'), RUN);
    step('type-check and compile the consumer', process.execPath, [tsc, '-p', scratch], scratch);
    for (const [manager, operationId] of [['devices', 'getDevices'], ['devices', 'setCapabilityValue']] as const) {
      const shown = docCommentOf(scratch, operationId);
      if (!shown.startsWith(summaryOf(manager, operationId))) throw new Error(`${manager}.${operationId} shows ${JSON.stringify(shown)}, not its contract summary`);
    }
    console.log('client package: methods show their contract summaries');

    const { url, token, child } = await runningHub(path.join(scratch, 'data'));
    hub = child;
    console.log(step(`run the consumer with plain node against ${url}`, process.execPath, ['run.mjs'], scratch, { HUB_URL: url, HUB_TOKEN: token }).trim());
  } finally {
    if (hub) await stop(hub);
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => console.log('client package: installed, type-checked and run'),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
