import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { systemClock } from './clock.js';

/**
 * The Host names a server answers to, against DNS rebinding: a web page whose domain an attacker points at this
 * machine's address reaches it with the attacker's name in `Host`, and is refused. Allowed are this machine's own
 * addresses (loopback included, re-read when an unknown address comes, as DHCP may change them), `localhost` and its
 * subdomains, this machine's host name (also under `.local`), and the extra names given (the hub's mDNS name, names
 * configured by the owner). A request without a Host header (HTTP/1.0) cannot come from a browser and passes.
 */
export class HostAllowList {
  private readonly names: Set<string>;
  private addresses = new Set<string>();
  private readAt = 0;

  constructor(extraNames: readonly string[] = []) {
    const machine = hostname().toLowerCase();
    this.names = new Set(['localhost', machine, `${machine}.local`, ...extraNames.map((name) => name.toLowerCase())]);
    this.readAddresses();
  }

  allows(host: string | undefined): boolean {
    if (host === undefined) return true;
    const name = hostOf(host);
    if (!name) return false;
    if (isIP(name)) return this.isOwnAddress(name);
    return this.names.has(name) || name.endsWith('.localhost');
  }

  private isOwnAddress(literal: string): boolean {
    const address = literal.startsWith('::ffff:') && isIP(literal.slice(7)) === 4 ? literal.slice(7) : literal;
    if (address.startsWith('127.') || address === '::1' || this.addresses.has(address)) return true;
    // At most once a second of the machine's time (the interfaces are the machine's), so that a flood of foreign
    // addresses cannot make every request read them.
    if (systemClock.now() - this.readAt < 1000) return false;
    this.readAddresses();
    return this.addresses.has(address);
  }

  private readAddresses(): void {
    this.readAt = systemClock.now();
    this.addresses = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address.toLowerCase())));
  }
}

/** The name or address of a Host header, lower case, without port, brackets or a trailing dot; '' when malformed. */
export function hostOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 0 && /^(:\d*)?$/.test(value.slice(end + 1)) ? value.slice(1, end) : '';
  }
  const match = /^([a-z0-9.-]+?)\.?(?::\d*)?$/.exec(value);
  return match?.[1] ?? '';
}
