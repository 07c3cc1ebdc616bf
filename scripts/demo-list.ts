import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './apis.js';

/**
 * The request `npm start` suggests and `npm run bench` measures: the demo home's device list, or its zone list
 * while the devices manager is not in the contract yet.
 */
export const demoListPath = existsSync(path.join(root, 'generated', 'hub', 'devices.openapi.json'))
  ? '/api/manager/devices/device'
  : '/api/manager/zones/zone';
