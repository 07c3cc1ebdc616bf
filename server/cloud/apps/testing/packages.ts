import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as createTar } from 'tar';

/** An app.json of a small but complete app (homey-lib accepts it at publish level): a Zigbee driver, a flow card, a setting. */
export function appJson(id: string, version: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    version,
    sdk: 3,
    name: { en: 'Test plugs', nl: 'Testpluggen' },
    description: { en: 'Zigbee plugs for tests.' },
    brandColor: '#2980b9',
    category: ['appliances'],
    platforms: ['local'],
    compatibility: '>=12.0.0',
    author: { name: 'Dev', email: 'dev@example.com' },
    permissions: [],
    images: { small: '/assets/images/small.png', large: '/assets/images/large.png' },
    settings: [{ id: 'interval', type: 'number', title: { en: 'Interval' }, value: 5 }],
    flow: { triggers: [{ id: 'switched', title: { en: 'The plug switched' } }], conditions: [], actions: [] },
    drivers: [
      {
        id: 'plug', name: { en: 'Plug' }, class: 'socket', capabilities: ['onoff'], connectivity: ['zigbee'],
        zigbee: { manufacturerName: ['_TZ3000_test'], productId: ['TS011F'], endpoints: { 1: { clusters: [0, 6] } } },
        images: driverImages('plug'),
      },
    ],
    ...extra,
  };
}

/** What app.json says of a driver's images (makePackage adds the files of each driver). */
export const driverImages = (id: string) => ({ small: `/drivers/${id}/assets/images/small.png`, large: `/drivers/${id}/assets/images/large.png` });

/** The demo thermostat's images, of the sizes homey-lib wants of an app's and of a driver's. */
const DEMO = path.resolve('server/common/app-catalogue/com.example.thermostat/2.0.1');
const images = (folder: string, of: string): Record<string, Buffer> => Object.fromEntries(
  ['small', 'large'].map((size) => [path.posix.join(folder, `assets/images/${size}.png`), readFileSync(path.join(DEMO, of, `assets/images/${size}.png`))]),
);

/**
 * A .tar.gz app package: app.json, app.js, an icon and images (the app's, each driver's with its folder), plus any
 * files given (name → content).
 */
export async function makePackage(manifest: unknown, files: Record<string, string | Buffer> = {}): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apps-package-'));
  try {
    const drivers = typeof manifest === 'object' && manifest !== null && Array.isArray((manifest as { drivers?: unknown }).drivers) ? (manifest as { drivers: Array<{ id: unknown }> }).drivers : [];
    const all: Record<string, string | Buffer> = {
      'app.json': typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
      'app.js': "module.exports = class extends require('homey').App {};\n",
      'assets/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30"/></svg>',
      ...images('', ''),
      ...Object.assign({}, ...drivers.map(({ id }) => images(`drivers/${String(id)}`, 'drivers/thermostat'))),
      ...files,
    };
    for (const [name, content] of Object.entries(all)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    const file = path.join(dir, 'package.tar.gz');
    await createTar({ gzip: true, cwd: dir, file, portable: true }, Object.keys(all));
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
