import { hostname, networkInterfaces } from 'node:os';
import { HostAllowList, hostOf } from './hosts.js';

describe('Host allow-list (DNS rebinding)', () => {
  const hosts = new HostAllowList(['hub-1234.local', 'Hub.Example.Home']);
  const ownAddresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address));

  it.each([
    ['127.0.0.1:4859'],
    ['127.1.2.3'],
    ['localhost'],
    ['LOCALHOST:80'],
    ['app.localhost:3000'],
    ['[::1]:4859'],
    ['[::ffff:127.0.0.1]'],
    ['hub-1234.local'],
    ['hub.example.home.'],
    [`${hostname()}:1`],
    [`${hostname()}.local`],
  ])('when Host is %s, then it is answered', (host) => {
    expect(hosts.allows(host)).toBe(true);
  });

  it('when Host is one of the machine addresses, then it is answered', () => {
    for (const address of ownAddresses) expect(hosts.allows(address.includes(':') ? `[${address}]` : address)).toBe(true);
  });

  it.each([
    ['evil.example'],
    ['localhost.evil.example'],
    ['hub-1234.local.evil.example'],
    ['8.8.8.8'],
    ['[2001:db8::1]'],
    [''],
    ['a b'],
    ['[::1'],
    ['@localhost'],
  ])('when Host is %j, then it is refused', (host) => {
    expect(hosts.allows(host)).toBe(false);
  });

  it('when no Host comes (HTTP/1.0, never a browser), then it is answered', () => {
    expect(hosts.allows(undefined)).toBe(true);
  });

  it('when a Host header is parsed, then port, brackets, case and a trailing dot go', () => {
    expect(hostOf('Example.COM.:8080')).toBe('example.com');
    expect(hostOf('[FE80::1]:80')).toBe('fe80::1');
    expect(hostOf('example.com:80:80')).toBe('');
  });
});
