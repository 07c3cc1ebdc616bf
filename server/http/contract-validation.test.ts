import request from 'supertest';
import { createGeolocateService } from '../cloud/geolocate/service.js';
import { validatorsBuilt } from './contract-validation.js';
import { watchMetrics } from './metrics.js';

/**
 * A validator is built once per API document and options in a process (router.ts), however many apps serve that
 * document: tests start hundreds of hubs and services, and building one loads the document and compiles its
 * operations anew. Seen through the geolocate service (one operation), its handler called in process.
 */
describe('contract validation: one validator per document and options in a process', () => {
  const badBody = { towers: 'none' };

  it('when two services are made over the same contract with the same options, then its validator is built once and checks both', async () => {
    const built = watchMetrics({ validatorsBuilt });
    try {
      const first = createGeolocateService({ validateResponses: true });
      const second = createGeolocateService({ validateResponses: true });
      const answers = await Promise.all([first, second].map((service) => request(service.handler).post('/geolocate').send(badBody).expect(400)));
      expect(answers.map(({ body }) => body.error_description)).toEqual(['Invalid argument towers: must be array', 'Invalid argument towers: must be array']);
      expect(built.total('validatorsBuilt')).toBe(1);
    } finally {
      built.stop();
    }
  });

  it('when a service checks no answers where another does, then it has a validator of its own', async () => {
    await request(createGeolocateService({ validateResponses: true }).handler).post('/geolocate').send(badBody).expect(400);
    const built = watchMetrics({ validatorsBuilt });
    try {
      await request(createGeolocateService({ validateResponses: false }).handler).post('/geolocate').send(badBody).expect(400);
      expect(built.total('validatorsBuilt')).toBe(1);
    } finally {
      built.stop();
    }
  });
});
