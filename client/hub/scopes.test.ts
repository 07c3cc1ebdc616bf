import { scopeAllows } from './scopes.js';

describe('scope matching (seed 001 §5)', () => {
  it('when a granted scope names a parent, then it allows every scope under it, and a qualifier must be equal', () => {
    expect(scopeAllows(['homey'], 'homey.device.readonly')).toBe(true);
    expect(scopeAllows(['homey.device'], 'homey.device')).toBe(true);
    expect(scopeAllows(['homey.device'], 'homey.devices')).toBe(false);
    expect(scopeAllows(['homey.device.readonly'], 'homey.device')).toBe(false);
    expect(scopeAllows(['homey.app:com.example'], 'homey.app:com.example')).toBe(true);
    expect(scopeAllows(['homey.app:com.example'], 'homey.app:com.other')).toBe(false);
    expect(scopeAllows(['homey.app'], 'homey.app:com.other')).toBe(true);
    expect(scopeAllows([], 'homey')).toBe(false);
  });
});
