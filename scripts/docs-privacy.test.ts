import { forAudience, operationCount } from './docs-privacy.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Hub API', version: '1.0.0', description: 'Every hub API.' },
  tags: [{ name: 'system' }, { name: 'zones' }],
  paths: {
    '/api/manager/system/profile/start': { post: { operationId: 'system.startProfile', tags: ['system'], 'x-private': true } },
    '/api/manager/system/name': {
      parameters: [],
      get: { operationId: 'system.getSystemName', tags: ['system'] },
      put: { operationId: 'system.setSystemName', tags: ['system'], 'x-private': true },
    },
    '/api/manager/zones/zone': { get: { operationId: 'zones.getZones', tags: ['zones'] } },
  },
};

describe('private operations in the docs (scripts/docs-privacy.ts)', () => {
  it('when cutting the public document, then private operations, and path items left without any, are gone', () => {
    const publicDoc = forAudience(doc, 'public');
    expect(Object.keys(publicDoc.paths)).toEqual(['/api/manager/system/name', '/api/manager/zones/zone']);
    expect(Object.keys(publicDoc.paths['/api/manager/system/name'])).toEqual(['parameters', 'get']);
    expect(publicDoc.info).toEqual(doc.info);
    expect(operationCount(publicDoc)).toBe(2);
  });

  it('when cutting the private document, then it holds only private operations, their tags and a title saying so', () => {
    const privateDoc = forAudience(doc, 'private');
    expect(Object.keys(privateDoc.paths)).toEqual(['/api/manager/system/profile/start', '/api/manager/system/name']);
    expect(privateDoc.tags).toEqual([{ name: 'system' }]);
    expect(privateDoc.info.title).toBe('Hub API: private operations');
    expect(operationCount(privateDoc)).toBe(2);
    expect(doc.paths['/api/manager/system/name'].put).toBeDefined();
  });
});
