import * as manifest from '../../generated/hub/zones.operations.js';
import type { operations } from '../../generated/hub/zones.js';
import { defineApi } from './api.js';

/**
 * The handler registry is checked by the compiler (npm test runs tsc over the tests too): each `@ts-expect-error`
 * below fails the type check the day the mistake it marks stops being an error.
 */
describe('defineApi', () => {
  const define = defineApi<operations, typeof manifest.operations, { caller: string }>;
  const getState = () => ({ rootZoneId: 'root', zoneCount: 1 });

  it('when every non-CRUD operation has a handler, then the CRUD ones may be left to the item store', () => {
    const api = define(manifest, { getState });
    expect(Object.keys(api.handlers)).toEqual(['getState']);
    expect(api.operations).toBe(manifest.operations);
  });

  // Never called: only compiled. A handler missing, answering the wrong shape or reading an argument its
  // operation lacks does not compile.
  function mistakes() {
    // @ts-expect-error: getState has no handler
    define(manifest, {});
    // @ts-expect-error: getZone answers a zone, not a number
    define(manifest, { getState, getZone: () => 42 });
    // @ts-expect-error: getZone has no argument zoneId
    define(manifest, { getState, getZone: ({ zoneId }) => zoneId });
  }
  void mistakes;
});
