import { grants, hasScope, intersectScopes } from './scopes.js';

describe('scope matching (seed 001 §5), shared by the servers and the client', () => {
  it('when the available scope is homey, then it grants every scope', () => {
    expect(grants('homey', 'homey.device.control')).toBe(true);
    expect(grants('homey', 'homey.system.readonly')).toBe(true);
  });

  it('when the available scope is a parent, then it grants its readonly and narrower scopes', () => {
    expect(grants('homey.device', 'homey.device.readonly')).toBe(true);
    expect(grants('homey.device', 'homey.device.control')).toBe(true);
    expect(grants('homey.device.readonly', 'homey.device')).toBe(false);
    expect(grants('homey.zone', 'homey.device.readonly')).toBe(false);
  });

  it.each([
    // available, requested, granted
    ['homey', 'homey', true],
    ['homey', 'homey.zone.readonly', true],
    ['homey.z', 'homey.zone', false],
    ['homey.z', 'homey.zone.readonly', false],
    ['homey.zone', 'homey.zone', true],
    ['homey.zone', 'homey.zones', false],
    ['homey.zone', 'homey.zone.readonly', true],
    ['homey.zone.readonly', 'homey.zone', false],
    ['homey.zone.readonly', 'homey.zone.readonly', true],
    ['homey.device', 'homey.device.control', true],
    ['homey.device.control', 'homey.device', false],
    ['homey.device.control', 'homey.device.readonly', false],
    ['homey.dev', 'homey.device.control', false],
    ['homey.user.self', 'homey.user', false],
    ['homey.user', 'homey.user.self', true],
    ['homey.', 'homey.zone', false],
    ['', 'homey', false],
    ['homeyx', 'homey', false],
    ['homey', 'homeyx', false],
    ['homey.app', 'homey.app:com.example', true],
    ['homey.ap', 'homey.app:com.example', false],
  ])('when %s is available and %s requested, then granted is %s', (available, requested, granted) => {
    expect(grants(available, requested)).toBe(granted);
  });

  it('when scopes carry a :suffix, then the suffixes must be equal', () => {
    expect(grants('homey.app:com.example', 'homey.app:com.example')).toBe(true);
    expect(grants('homey.app:com.example', 'homey.app:com.other')).toBe(false);
    expect(grants('homey.app', 'homey.app:com.example')).toBe(true);
    expect(grants('homey.app:com.example', 'homey.app')).toBe(false);
  });

  it('when two sets intersect, then only what both grant remains, without redundant scopes', () => {
    expect(hasScope(['homey.zone', 'homey.device.readonly'], 'homey.device.readonly')).toBe(true);
    expect(intersectScopes(['homey'], ['homey.device', 'homey.zone.readonly']).sort()).toEqual(['homey.device', 'homey.zone.readonly']);
    expect(intersectScopes(['homey.device.readonly', 'homey.flow'], ['homey.device', 'homey.zone'])).toEqual(['homey.device.readonly']);
  });

  it('when the client asks with a session\'s granted list, then a parent allows every scope under it and a qualifier must be equal', () => {
    expect(hasScope(['homey.device'], 'homey.devices')).toBe(false);
    expect(hasScope(['homey.app'], 'homey.app:com.other')).toBe(true);
    expect(hasScope(['homey.app:com.example'], 'homey.app:com.other')).toBe(false);
    expect(hasScope([], 'homey')).toBe(false);
  });
});
