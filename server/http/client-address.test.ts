import type { IncomingMessage } from 'node:http';
import { clientAddress, trustProxies } from './client-address.js';

const call = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

describe('the address a call comes from (clientAddress)', () => {
  afterAll(() => trustProxies([]));

  it.each([
    ['no proxy is trusted: the peer, whatever the header says', [], '10.0.0.5', '1.2.3.4', '10.0.0.5'],
    ['the peer is a trusted proxy: the address it saw (the last entry)', ['10.0.0.5'], '::ffff:10.0.0.5', '6.6.6.6, 1.2.3.4', '1.2.3.4'],
    ['the peer is a trusted proxy that sent no header: the peer', ['10.0.0.5'], '10.0.0.5', undefined, '10.0.0.5'],
    ['the peer is not the trusted proxy: the peer (a client cannot claim an address)', ['10.0.0.5'], '10.0.0.9', '1.2.3.4', '10.0.0.9'],
  ])('when %s', (_case, proxies, peer, forwarded, expected) => {
    trustProxies(proxies);
    expect(clientAddress(call(peer, forwarded))).toBe(expected);
  });
});
