/**
 * Writes server/cloud/infrared/library.json, the infrared library the cloud infrared service ships: every device of
 * library-source.ts (function numbers from the IRDB) with each key as Pronto hex. Run after changing the source;
 * server/cloud/infrared/library.test.ts fails when the file and the source disagree.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildLibrary } from '../server/cloud/infrared/library-build.js';
import { root } from './apis.js';

const file = path.join(root, 'server', 'cloud', 'infrared', 'library.json');
const { source, devices } = buildLibrary();
// One key per line: a change to a code shows as that line in a diff.
const deviceText = devices.map(({ codes, ...device }) => {
  const head = JSON.stringify(device).slice(0, -1);
  return `  ${head},"codes":[\n${codes.map((code) => `    ${JSON.stringify(code)}`).join(',\n')}\n  ]}`;
});
writeFileSync(file, `{"source":${JSON.stringify(source)},"devices":[\n${deviceText.join(',\n')}\n]}\n`);
console.log(`Wrote ${file}`);
