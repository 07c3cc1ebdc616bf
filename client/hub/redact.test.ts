import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HubAPI } from './hub-api.js';

describe('secrets in hub errors', () => {
  it('when a hub (or a proxy before it) echoes the token in an error, then the message shows it redacted', async () => {
    const server = createServer((req, res) => {
      if (req.url!.startsWith('/api/manager/system/ping')) return void res.writeHead(200, { 'X-Homey-ID': 'hub-1' }).end('true');
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'bad', error_description: `Refused ${req.headers.authorization}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const token = 'pat-very-secret-token';
      const api = await HubAPI.connect({ address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token });
      const error = (await api.zones.getZones().catch((e: unknown) => e)) as Error & { description?: string };
      expect(error.message).toBe('Refused Bearer [redacted]');
      expect(error.description).toBe('Refused Bearer [redacted]');
    } finally {
      server.close();
    }
  });
});
