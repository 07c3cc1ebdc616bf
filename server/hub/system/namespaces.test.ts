import { globMatches, namespaceMatcher, namespacesOfMask } from './namespaces.js';

describe('debug namespaces', () => {
  it('when globs include and exclude, then a name matches an include and no exclude', () => {
    const match = namespaceMatcher('homey:device:*, homey:manager:zones -homey:device:abc');
    expect(match('homey:device:123')).toBe(true);
    expect(match('homey:manager:zones')).toBe(true);
    expect(match('homey:device:abc')).toBe(false);
    expect(match('homey:manager:flow')).toBe(false);
  });

  it('when the namespaces are empty, then nothing matches; regex characters are literal', () => {
    expect(namespaceMatcher('')('homey:manager:zones')).toBe(false);
    expect(namespaceMatcher('a.b')('axb')).toBe(false);
  });

  it.each([
    ['*', '', true],
    ['*', 'anything', true],
    ['a*', 'a', true],
    ['a*c', 'abbbc', true],
    ['a*c', 'abbbd', false],
    ['*b*', 'abc', true],
    ['a**b', 'ab', true],
    ['homey:*:x', 'homey:device:x', true],
    ['homey:*:x', 'homey:device:y', false],
    ['abc', 'abcd', false],
    ['', '', true],
  ])('when the glob %j meets %j, then it matches: %s', (glob, name, matches) => {
    expect(globMatches(glob, name)).toBe(matches);
  });

  it('when a glob has many stars and does not match, then the answer still comes at once (no backtracking blow-up)', () => {
    const uri = `homey:device:${'a'.repeat(35)}`;
    expect(namespaceMatcher(`${'*'.repeat(12)}x`)(uri)).toBe(false);
    expect(namespaceMatcher(`${'*a'.repeat(30)}x`)(uri)).toBe(false);
  });

  it('when a mask is given, then each bit adds its namespace', () => {
    expect(namespacesOfMask(0)).toBe('');
    expect(namespacesOfMask(5)).toBe('homey:manager:*,homey:app:*');
    expect(namespacesOfMask(7)).toBe('homey:manager:*,homey:device:*,homey:app:*');
  });
});
