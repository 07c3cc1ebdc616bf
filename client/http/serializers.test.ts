import { serializePath, serializeQuery } from './serializers.js';

describe('hub URL serializers', () => {
  it('when a path value holds colons, then they stay raw and everything else is encoded', () => {
    const url = serializePath('http://hub/api/manager/flow/flowcardaction/{uri}/{id}/run', { uri: 'homey:device:D1', id: 'homey:device:D1:on off' });
    expect(url).toBe('http://hub/api/manager/flow/flowcardaction/homey:device:D1/homey:device:D1:on%20off/run');
    expect(serializePath('http://hub/zone/{id}', { id: 'a/b?c' })).toBe('http://hub/zone/a%2Fb%3Fc');
  });

  it('when query values are nested, then they are written jQuery-style', () => {
    expect(serializeQuery({ resolution: 'last24Hours', a: { b: 'v' }, list: [1, 2], skip: undefined, none: null })).toBe(
      'resolution=last24Hours&a%5Bb%5D=v&list%5B%5D=1&list%5B%5D=2&none=',
    );
    expect(serializeQuery({ items: [{ id: 'x' }] })).toBe('items%5B0%5D%5Bid%5D=x');
  });
});
