/**
 * npm run build, and the first step of npm start: the support form, the API docs and the server bundle, each only
 * when its sources changed since it was last made, in one process (each `node --import tsx` costs a few tenths of
 * a second, which a second start should not spend).
 */
import { buildFormIfChanged } from './build-form.js';
import { buildServerIfChanged } from './build-server.js';
import { renderDocs } from './docs.js';

try {
  const formExit = await buildFormIfChanged();
  if (formExit !== 0) throw new Error(`The support form's build failed (vite exited with ${formExit}).`);
  await renderDocs();
  await buildServerIfChanged();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
