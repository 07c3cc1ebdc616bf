import { createEnergyService } from '../../server/cloud/energy/service.js';
import { hubSecret } from '../../server/cloud/callers/hub-secret.js';
import { createInfraredService } from '../../server/cloud/infrared/service.js';
import { createSolarForecastService } from '../../server/cloud/solarforecast/service.js';
import { CloudAPI } from './cloud-api.js';

describe('CloudAPI: the content services, typed, with or without a token', () => {
  const key = 'client-test-key';
  const secret = hubSecret(key, '5f7e3a1b2c4d6e8f9a0b1c2d');
  const services = { infrared: createInfraredService({ hubSecretKey: key }), energy: createEnergyService({ hubSecretKey: key }), solarforecast: createSolarForecastService({ hubSecretKey: key }) };
  const urls: Record<string, string> = {};
  // A third party that is not signed in: public operations need no token, hubs' operations their secret.
  const cloud = new CloudAPI({ baseUrl: 'http://127.0.0.1:9', clientId: 'third-party' });

  beforeAll(async () => {
    for (const [name, service] of Object.entries(services)) urls[name] = await service.listen(0);
  });
  afterAll(() => Promise.all(Object.values(services).map((service) => service.close())));

  it('when a device is found and fetched, then its codes come by key, and the arguments and answers are typed by the contract', async () => {
    const infrared = cloud.service('infrared', urls.infrared!);
    const [found] = await infrared.searchDevices({ query: 'philips' });
    const device = await infrared.getDevice({ deviceId: found!.id, secret });
    expect(device.codes.power).toMatch(/^0000 0073 /);
    await expect(infrared.getDevice({ deviceId: found!.id, secret: `${secret}x` })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('when zones and a forecast with several panel groups are asked, then the query arrays and numbers travel as the services expect', async () => {
    const zones = await cloud.service('energy', urls.energy!).getZones();
    expect(zones.map((zone) => zone.id)).toContain('DE-LU');
    const forecast = await cloud.service('solarforecast', urls.solarforecast!).getSolarForecast({ secret, lat: 52.37, lng: 4.9, panels: ['3000:30:180', '1500:30:270'], strategy: 'clear-sky' });
    expect(forecast.peakPower).toBe(4500);
  });
});
