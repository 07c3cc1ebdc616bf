import { datedFiles } from './dated-files.js';
import { serverIsCurrent } from './build-server.js';

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
