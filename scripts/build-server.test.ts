import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { root } from './apis.js';
import { bundleOptions, serverIsCurrent } from './build-server.js';
import { datedFiles } from './dated-files.js';

describe('npm start rebuilds the server bundle only when its sources changed', () => {
  const { dir, file, remove } = datedFiles('build-server-');
  afterAll(remove);

  it('when there is no bundle, then it builds', () => {
    file('server/hub/core/hub.ts', 100);
    expect(serverIsCurrent(dir)).toBe(false);
  });

  it("when the supervisor's bundle is newer than every source but a process's bundle is missing, then it builds", () => {
    for (const name of ['start-hub', 'start-demo-cloud']) file(`dist/server/${name}.js`, 150);
    file('dist/server/start.js', 200);
    expect(serverIsCurrent(dir)).toBe(false);
  });

  it('when the bundle is newer than every source, then it is current; a later source, spec or lockfile makes it stale', () => {
    file('dist/server/start-form.js', 150);
    file('dist/server/start.js', 200);
    expect(serverIsCurrent(dir)).toBe(true);
    file('server/hub/zones/api.test.ts', 300); // tests are not bundled
    file('node_modules/kysely/index.js', 300); // installs show in the lockfile
    expect(serverIsCurrent(dir)).toBe(true);
    for (const [source, at] of [['server/hub/zones/api.ts', 300], ['generated/hub.openapi.json', 500], ['package-lock.json', 700], ['scripts/start.ts', 900]] as const) {
      file(source, at);
      expect(serverIsCurrent(dir)).toBe(false);
      file('dist/server/start.js', at + 100);
      expect(serverIsCurrent(dir)).toBe(true);
    }
  });
});

/** The package a bundled file belongs to (its last `node_modules/<name>`), if any. */
const packageName = (file: string) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];

/** The packages of the bundle's modules that `entry` runs as it loads (every import but a dynamic one, transitively). */
function packagesLoadedAtStart({ inputs }: Metafile, entry: string): Set<string> {
  const loaded = new Set<string>();
  const next = [entry];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    const input = inputs[file];
    if (loaded.has(file) || !input) continue;
    loaded.add(file);
    next.push(...input.imports.filter((imported) => imported.kind !== 'dynamic-import' && !imported.external).map((imported) => imported.path));
  }
  return new Set([...loaded].map(packageName).filter((name) => name !== undefined));
}

describe("the hub's bundle", () => {
  let metafile: Metafile;
  beforeAll(async () => {
    ({ metafile } = await build({ ...bundleOptions, entryPoints: [path.join(root, 'scripts', 'start-hub.ts')], outdir: path.join(root, 'dist', 'server'), write: false, metafile: true, logLevel: 'silent' }));
  });

  it('when the hub process starts, then the WebRTC and Zigbee Cluster Library packages are in its bundle but not loaded', () => {
    const bundled = new Set(Object.keys(metafile.inputs).map(packageName));
    const atStart = packagesLoadedAtStart(metafile, 'scripts/start-hub.ts');
    for (const name of ['werift', 'zigbee-clusters']) {
      expect(bundled.has(name)).toBe(true);
      expect(atStart.has(name)).toBe(false);
    }
    // What every start needs is loaded by it.
    expect(atStart.has('express')).toBe(true);
  });

  it('when npm installed a package at one version in several folders, then the bundle holds one copy of it', () => {
    // mime-types 3.0.2 and mime-db 1.54.0 are installed under express, send, body-parser and express-static-gzip;
    // the root's are other versions (2.1.35 and 1.52.0), bundled too.
    const copies = (name: string) => new Set(Object.keys(metafile.inputs).filter((file) => packageName(file) === name).map((file) => file.slice(0, file.lastIndexOf(`node_modules/${name}/`))));
    for (const name of ['mime-types', 'mime-db']) expect(copies(name)).toEqual(new Set(['', 'node_modules/body-parser/']));
  });
});
