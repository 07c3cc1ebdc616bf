import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Seed 001's validation messages (§5) and error catalogue (§8) as users see them (a template by its fixed part).
 * Each must be asserted verbatim by a test that produces it on the library's real path.
 */
const SEED_TEXTS = [
  'Missing Redirect URL', 'Missing Client ID', 'Missing Client Secret', 'Missing Code', 'Missing Username', 'Missing Password',
  'Missing Params', 'Missing Grant Type', "'Missing Token'", 'Missing Refresh Token', 'Missing Region',
  'Invalid Address', 'Invalid Token', "'Invalid Homey'", 'Invalid Path', "Invalid 'in'", 'Missing Parameter: ', 'Invalid Parameter Type: ',
  'Invalid Storage Adapter', 'Invalid Avatar', 'Unsupported Homey API Version', 'Invalid Homey Platform Version', 'Invalid Homey ID',
  'No Homey Found At Address', 'Unknown API Error', 'Invalid response from server', 'Homey Offline', 'Timeout after ',
  'Failed to handshake client (Timeout after 10000ms).', 'Failed to subscribe to ', 'Not connected after connect',
  'No Discovery Strategies Available', 'Homey Not Found: ', 'No Homey Available', 'Cannot Sign In: Missing AthomCloudAPI',
  'Flow.isBroken requires the flow and flow-token managers to be connected', 'Missing Token: ', 'Failed to parse response body as JSON',
  'No transports available', 'probe error', 'parser error', 'All Promises rejected', 'connect_error', 'connect_timeout', 'reconnect_failed',
];

/**
 * Texts of engine.io-client 3 (socket.io-client 2) that the library's engine.io-client 6 no longer has: 'JSONP
 * disabled' (and even 3 catches it and tries the next transport) and 'Transport not open' (its sends are guarded).
 */
const NOT_IN_THIS_TRANSPORT = ['JSONP disabled', 'Transport not open'];

function testSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testSources(file);
    return entry.name.endsWith('.test.ts') && file !== __filename ? [readFileSync(file, 'utf8')] : [];
  });
}

describe('the error catalogue of seed 001', () => {
  it('when the library is tested, then every message of §5 and §8 is asserted verbatim by some test', () => {
    const sources = testSources(__dirname).join('\n');
    const missing = SEED_TEXTS.filter((text) => !sources.includes(text));
    expect(missing).toEqual([]);
  });

  it('when the transport is engine.io-client 6, then the texts of its predecessor are not in it', () => {
    const engine = path.join(path.dirname(require.resolve('engine.io-client')), '..');
    const built = readdirSync(engine, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js') && !file.includes('dist'))
      .map((file) => readFileSync(path.join(engine, file), 'utf8'))
      .join('\n');
    for (const text of NOT_IN_THIS_TRANSPORT) expect(built).not.toContain(text);
    expect(built).toContain('No transports available');
  });
});
