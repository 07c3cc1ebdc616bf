import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { c as createTar } from 'tar';

/** An app.json of a small but complete app: a Zigbee driver, a flow card, a setting. */
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
    settings: [{ id: 'interval', type: 'number', default: 5 }],
    flow: { triggers: [{ id: 'switched', title: { en: 'The plug switched' } }], conditions: [], actions: [] },
    drivers: [
      { id: 'plug', name: { en: 'Plug' }, class: 'socket', capabilities: ['onoff'], connectivity: ['zigbee'], zigbee: { manufacturerName: ['_TZ3000_test'], productId: ['TS011F'] } },
    ],
    ...extra,
  };
}

/** A .tar.gz app package: app.json, app.js and an icon, plus any files given (name → content). */
export async function makePackage(manifest: unknown, files: Record<string, string | Buffer> = {}): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apps-package-'));
  try {
    const all: Record<string, string | Buffer> = {
      'app.json': typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
      'app.js': "module.exports = class extends require('homey').App {};\n",
      'assets/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30"/></svg>',
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
