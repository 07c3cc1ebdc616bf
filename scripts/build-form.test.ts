import { datedFiles } from './dated-files.js';
import { formIsCurrent } from './build-form.js';

describe('npm run build:form skips a current build', () => {
  const { dir, file, remove } = datedFiles('build-form-');
  afterAll(remove);

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

  it("when only the form's end-to-end tests or docs are newer than the build, then it is current; its config or page makes it stale", () => {
    file('form/src/main.tsx', 100);
    file('package-lock.json', 100);
    file('form/dist/index.html', 600);
    file('form/e2e/ticket.e2e.test.ts', 700);
    file('form/docs/step-1.png', 700);
    expect(formIsCurrent(dir)).toBe(true);
    file('form/vite.config.ts', 800);
    expect(formIsCurrent(dir)).toBe(false);
    file('form/dist/index.html', 900);
    file('form/index.html', 1000);
    expect(formIsCurrent(dir)).toBe(false);
  });
});
