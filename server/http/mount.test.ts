import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withMounts } from './mount.js';

const echo = (name: string): RequestListener => (req, res) => res.end(`${name} ${req.url}`);

describe('withMounts: services under base paths on one port', () => {
  it('when a path starts with a mounted base path, then that service gets it without the base; any other path goes to the root', async () => {
    const mounts = new Map<string, RequestListener>();
    const server = createServer(withMounts(echo('root'), mounts)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string) => (await fetch(`${url}${path}`)).text();
    try {
      expect(await get('/store/user/order')).toBe('root /store/user/order');
      mounts.set('/store', echo('store'));
      expect(await get('/store/user/order?x=1')).toBe('store /user/order?x=1');
      expect(await get('/store?x=1')).toBe('store /?x=1');
      expect(await get('/store')).toBe('store /');
      expect(await get('/storefront/a')).toBe('root /storefront/a');
      expect(await get('/user/me')).toBe('root /user/me');
    } finally {
      server.close();
    }
  });
});
