import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');

/** A small tree that breaks each rule of .dependency-cruiser.cjs once, beside imports the rules allow. */
const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  'client/scopes.ts': 'export const scope = 1;\n',
  'client/other.ts': 'export const other = 1;\n',
  'client/library.ts': "export { kernel } from '../server/http/kernel.js';\n",
  'server/http/kernel.ts': "export { hubPart as kernel } from '../hub/part.js';\n",
  'server/http/client-user.ts': "export { other } from '../../client/other.js';\n",
  'server/hub/part.ts': "export const hubPart = 1;\n",
  'server/hub/uses-cloud.ts': "export { cloudPart } from '../cloud/part.js';\n",
  'server/cloud/part.ts': 'export const cloudPart = 1;\n',
  'server/cloud/uses-hub.ts': "export { hubPart } from '../hub/part.js';\n",
  'server/support/uses-hub.ts': "export { hubPart } from '../hub/part.js';\n",
  'server/common/uses-cloud.ts': "export { cloudPart } from '../cloud/part.js';\n",
  'server/common/neutral.ts': 'export const neutral = 1;\n',
  // A cycle of type-only imports.
  'server/hub/first.ts': "import type { Second } from './second.js';\nexport interface First { second?: Second }\n",
  'server/hub/second.ts': "import type { First } from './first.js';\nexport interface Second { first?: First }\n",
  // What the rules allow: the neutral home, the client's scope matcher, a test that starts both sides.
  'server/hub/allowed.ts': "export { neutral } from '../common/neutral.js';\nexport { scope } from '../../client/scopes.js';\n",
  'server/hub/both-sides.test.ts': "export { cloudPart } from '../cloud/part.js';\n",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let dir: string;
let violations: Violation[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const args = ['--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'server', 'client'];
  // depcruise exits non-zero when it finds a violation: its report is on stdout either way.
  const stdout = await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'depcruise'), args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 })
    .then((result) => result.stdout)
    .catch((error: { stdout?: string }) => error.stdout ?? '');
  violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import rules between folders (.dependency-cruiser.cjs)', () => {
  it.each([
    ['client-not-to-server', 'client/library.ts', 'server/http/kernel.ts'],
    ['server-only-client-scopes', 'server/http/client-user.ts', 'client/other.ts'],
    ['kernel-not-to-apis', 'server/http/kernel.ts', 'server/hub/part.ts'],
    ['hub-not-to-cloud', 'server/hub/uses-cloud.ts', 'server/cloud/part.ts'],
    ['cloud-not-to-hub', 'server/cloud/uses-hub.ts', 'server/hub/part.ts'],
    ['support-not-to-hub', 'server/support/uses-hub.ts', 'server/hub/part.ts'],
    ['common-not-to-sides', 'server/common/uses-cloud.ts', 'server/cloud/part.ts'],
    ['no-cycles', 'server/hub/first.ts', 'server/hub/second.ts'],
  ])('when a module breaks %s (%s → %s), then the check names it', (rule, from, to) => {
    expect(violations).toContainEqual(expect.objectContaining({ from, to, rule: expect.objectContaining({ name: rule }) }));
  });

  it('when modules import the neutral home, the client scope matcher, or cross sides in a test, then nothing is refused', () => {
    expect(violations.filter(({ from }) => from === 'server/hub/allowed.ts' || from.endsWith('.test.ts'))).toEqual([]);
  });
});
