import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Seed 001's validation messages (§5) and error catalogue (§8) as users see them: a template by its fixed part, a
 * message that is also the start of another (`Missing Token`, `Missing Token: `) in quotes, to be matched whole.
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

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') && file !== __filename ? [file] : [];
  });
}

/** True when `node` is a chain that starts at `expect(...)`: `expect(x).rejects.toThrow`. */
function startsAtExpect(node: ts.Expression): boolean {
  for (let at = node; ts.isPropertyAccessExpression(at) || ts.isCallExpression(at); at = at.expression) {
    if (ts.isCallExpression(at) && ts.isIdentifier(at.expression) && at.expression.text === 'expect') return true;
  }
  return false;
}

/**
 * The texts a test source asserts: the strings (and template parts) in the arguments of its matchers, as in
 * `expect(x).toThrow('Missing Code')`. A title, a comment or the value under test asserts nothing.
 */
function assertedTexts(source: string): string[] {
  const texts: string[] = [];
  const collect = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) texts.push(node.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && startsAtExpect(node.expression.expression)) node.arguments.forEach(collect);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('test.ts', source, ts.ScriptTarget.Latest, true));
  return texts;
}

/** The seed texts that no asserted text shows: a quoted one must be a whole text, any other a part of one. */
const unasserted = (texts: string[]) =>
  SEED_TEXTS.filter((seed) => {
    const whole = /^'.*'$/.test(seed) ? seed.slice(1, -1) : undefined;
    return !texts.some((text) => (whole === undefined ? text.includes(seed) : text === whole));
  });

describe('the error catalogue of seed 001', () => {
  it('when the library is tested, then every message of §5 and §8 is asserted verbatim by some test', () => {
    const texts = testFiles(__dirname).flatMap((file) => assertedTexts(readFileSync(file, 'utf8')));
    expect(unasserted(texts)).toEqual([]);
  });

  it('when a message is only in a test title, a comment or the value under test, then it does not count as asserted', () => {
    const source = `
      // Missing Code
      it('when the code is missing, then Missing Code', async () => {
        expect(messages['Missing Code']).toBeDefined();
        await expect(login()).rejects.toThrow(\`Timeout after \${ms}ms\`);
        expect(error).toMatchObject({ message: 'Missing Token: x' });
      });`;
    const texts = assertedTexts(source);
    expect(texts).toEqual(['Timeout after ', 'ms', 'Missing Token: x']);
    expect(unasserted(texts)).toContain('Missing Code');
    expect(unasserted(texts)).toContain("'Missing Token'");
    expect(unasserted(texts)).not.toContain('Timeout after ');
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
