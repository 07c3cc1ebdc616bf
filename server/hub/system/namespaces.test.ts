import { namespaceMatcher, namespacesOfMask } from './namespaces.js';

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

  it('when a mask is given, then each bit adds its namespace', () => {
    expect(namespacesOfMask(0)).toBe('');
    expect(namespacesOfMask(5)).toBe('homey:manager:*,homey:app:*');
    expect(namespacesOfMask(7)).toBe('homey:manager:*,homey:device:*,homey:app:*');
  });
});
