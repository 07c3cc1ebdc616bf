/**
 * npm run build:client: the client library as a package a third party installs, in dist/client: client/index.ts and
 * what it imports (client/, generated/'s route tables and types) compiled by tsc to ES modules with .d.ts files, and
 * a package.json with an `exports` map and the library's own dependencies at the versions the repository uses.
 * `--pack` also writes the npm tarball into dist/ and prints its path (scripts/client-package.ts installs it).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';

export const clientPackageDir = path.join(root, 'dist', 'client');
export const CLIENT_PACKAGE_NAME = 'homey-platform-client';

/** The library's npm dependencies: client/library-imports.test.ts keeps its imports to these and the optional peers. */
export const CLIENT_DEPENDENCIES = ['openapi-fetch', 'socket.io-client'];
/** Loaded by name in Node only, for mDNS discovery (client/cloud/mdns.ts): installed by who wants it. */
export const CLIENT_OPTIONAL_PEERS = ['bonjour-service'];

const README = `# ${CLIENT_PACKAGE_NAME}

The client library of the open smart-home platform: cloud sign-in and services, hub discovery, typed hub managers,
realtime and a cache. ES modules with type declarations; Node 20 or a browser.

\`\`\`sh
npm install ${CLIENT_PACKAGE_NAME}   # in Node, add bonjour-service to find hubs over mDNS
\`\`\`

\`\`\`ts
import { APIError, CloudAPI, HubAPI } from '${CLIENT_PACKAGE_NAME}';

// Signed in through the cloud: the user's hub is found and signed in to with a delegation token.
const cloud = new CloudAPI({ baseUrl: 'https://cloud.example', clientId: '<client id>', clientSecret: '<secret>' });
await cloud.authenticateWithPassword({ username: '<e-mail>', password: '<password>' });
const hub = await (await cloud.getAuthenticatedUser()).authenticateHomey();

// Or straight to a hub on the network with a personal access token.
const local = await HubAPI.connect({ address: 'http://192.168.1.20', token: '<personal access token>' });

try {
  const devices = await hub.devices.getDevices(); // typed by the hub's contract
  await hub.devices.connect(); // realtime: reads come from a cache that events keep current
  hub.devices.on('device.update', (device) => console.log(device.name));
} catch (error) {
  // Every failure is an APIError with a statusCode and the messages existing clients show (\`messages\`).
  if (error instanceof APIError) console.error(error.statusCode, error.message);
}
hub.destroy(); // closes sockets, timers and the cache
local.destroy();
\`\`\`

Every operation is documented in the API docs a hub serves at \`/docs/\`.

## Licence

MIT (the LICENSE file beside this README).
`;

export function buildClientPackage(): void {
  rmSync(clientPackageDir, { recursive: true, force: true });
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'client', 'tsconfig.package.json')], { cwd: root, stdio: 'inherit' });
  const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; license: string; engines: Record<string, string>; dependencies: Record<string, string> };
  const versions = (names: string[]) => Object.fromEntries(names.map((name) => [name, own.dependencies[name]!]));
  const manifest = {
    name: CLIENT_PACKAGE_NAME,
    version: own.version,
    description: 'Client library of the open smart-home platform: cloud sign-in and services, hub discovery, typed hub managers and realtime.',
    license: own.license,
    type: 'module',
    exports: { '.': { types: './client/index.d.ts', default: './client/index.js' }, './package.json': './package.json' },
    main: './client/index.js',
    types: './client/index.d.ts',
    sideEffects: false,
    engines: own.engines,
    dependencies: versions(CLIENT_DEPENDENCIES),
    peerDependencies: versions(CLIENT_OPTIONAL_PEERS),
    peerDependenciesMeta: Object.fromEntries(CLIENT_OPTIONAL_PEERS.map((name) => [name, { optional: true }])),
  };
  writeFileSync(path.join(clientPackageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(path.join(clientPackageDir, 'README.md'), README);
  copyFileSync(path.join(root, 'LICENSE'), path.join(clientPackageDir, 'LICENSE'));
}

/** `npm pack` of dist/client into dist/; answers the tarball's path. */
export function packClientPackage(): string {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', path.dirname(clientPackageDir)], { cwd: clientPackageDir, encoding: 'utf8' });
  const [packed] = JSON.parse(output) as Array<{ filename: string }>;
  return path.join(path.dirname(clientPackageDir), packed!.filename);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildClientPackage();
  if (process.argv.includes('--pack')) console.log(packClientPackage());
}
