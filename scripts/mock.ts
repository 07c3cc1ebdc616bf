/**
 * npm run mock -- <api>: a Prism mock answering the contract's examples on 127.0.0.1:MOCK_PORT (default 4010).
 * `hub` mocks every hub manager (generated/hub.openapi.json), `hub/zones` one manager.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { listApis, listGroups, root } from './apis.js';

const apis = listApis();
const names = [...listGroups(apis), ...apis.map((api) => api.name)];
const name = process.argv[2];

if (!name || !names.includes(name)) {
  console.error(`${name ? `Unknown API "${name}"` : 'Which API?'}: npm run mock -- <api>, where <api> is one of:`);
  for (const known of names) console.error(`  ${known}`);
  process.exit(1);
}
const document = path.join('generated', `${name}.openapi.json`);
if (!existsSync(path.join(root, document))) {
  console.error(`${document} is missing: run npm run generate first.`);
  process.exit(1);
}

const port = process.env.MOCK_PORT || '4010';
const prism = spawn(path.join(root, 'node_modules', '.bin', 'prism'), ['mock', '-h', '127.0.0.1', '-p', port, document], {
  cwd: root,
  stdio: 'inherit',
});
// Prism must not outlive this script when only this process is signalled.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
prism.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
