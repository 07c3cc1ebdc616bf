/**
 * The form step of npm start: builds the support form (npm run build:form) when its sources exist, so that the hub
 * still starts, without the form, while form/ is not written yet.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';

const config = path.join(root, 'form', 'vite.config.ts');
if (!existsSync(config)) {
  console.log('Support form: no form/vite.config.ts yet; starting without it.');
} else {
  const { status } = spawnSync('npm', ['run', 'build:form'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
