/** npm run lint:spec: every API document through Redocly's strict rules (redocly.yaml). */
import { listApis } from './apis.js';
import { run } from './run.js';

process.exitCode = await run('redocly', ['lint', '--format=summary', ...listApis().map((api) => api.source)]);
