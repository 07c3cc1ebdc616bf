import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { c as createTar } from 'tar';
import { startTestHub, type TestHub } from '../../server/hub/testing/test-hub.js';
import { HubAPI } from './hub-api.js';

const APP_ID = 'com.example.clientrun';

/** A .tar.gz SDK v3 app package (with the icon homey-lib asks of every app) that logs whether it runs in debug mode. */
async function appPackage(): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'client-devkit-'));
  try {
    const manifest = {
      id: APP_ID, version: '1.0.0', compatibility: '>=12.0.0', sdk: 3, name: { en: 'Client run' }, description: { en: 'Runs from the client' },
      brandColor: '#123456', author: { name: 'Dev', email: 'dev@example.com' }, permissions: [],
    };
    const files: Record<string, string> = {
      'app.json': JSON.stringify(manifest),
      'app.js': "const Homey = require('homey');\nmodule.exports = class ClientRun extends Homey.App {\n  async onInit() {\n    this.log(process.env.DEBUG === '1' ? 'debug' : 'quiet');\n  }\n};\n",
      'assets/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>',
    };
    mkdirSync(join(dir, 'assets'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const chunks: Buffer[] = [];
    for await (const chunk of createTar({ gzip: true, cwd: dir }, Object.keys(files))) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('devkit.runApp from the client', () => {
  it('when a package is run over HTTP, then it goes up as a multipart form with its debug field and runs', async () => {
    const hub: TestHub = await startTestHub();
    try {
      const api = HubAPI.open({ address: hub.url, id: hub.hub.id, token: hub.token });
      const session = await api.devkit.runApp({ app: await appPackage(), debug: true, env: JSON.stringify({ MODE: 'client' }) });
      expect(session).toEqual({ id: expect.any(String), appId: APP_ID, debug: true });
      await api.devkit.stopApp({ session: session.id });
    } finally {
      await hub.stop();
    }
  });

  it('when the hub does not answer, then runApp waits for its own time-out and other calls for the call time-out', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const api = HubAPI.open({ address, id: 'hub', token: 'token', timeout: 50, devkitRunTimeout: 150 });
      await expect(api.devkit.getState()).rejects.toMatchObject({ message: 'Timeout after 50ms', statusCode: 408 });
      await expect(api.devkit.runApp({ app: new Uint8Array([1]) })).rejects.toMatchObject({ message: 'Timeout after 150ms', statusCode: 408 });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
