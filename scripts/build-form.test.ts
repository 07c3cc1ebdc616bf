import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formIsCurrent } from './build-form.js';

describe('npm run build:form skips a current build', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-form-'));
  const file = (name: string, seconds: number) => {
    const at = path.join(dir, name);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, name);
    utimesSync(at, seconds, seconds);
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when there is no build, then it builds', () => {
    file('form/src/main.tsx', 100);
    expect(formIsCurrent(dir)).toBe(false);
  });

  it('when the build is newer than every source, then it is current; a later source or lockfile makes it stale', () => {
    file('package-lock.json', 100);
    file('form/dist/index.html', 200);
    file('form/dist/assets/late.js', 900); // the build's own files are not sources
    expect(formIsCurrent(dir)).toBe(true);
    file('client/hub/hub-api.ts', 300);
    expect(formIsCurrent(dir)).toBe(false);
    file('form/dist/index.html', 400);
    expect(formIsCurrent(dir)).toBe(true);
    file('package-lock.json', 500);
    expect(formIsCurrent(dir)).toBe(false);
  });
});
