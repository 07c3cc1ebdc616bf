import { Bonjour, type Service } from 'bonjour-service';
import { HUB_VERSION } from '../core/context.js';
import { MDNS_SERVICE_TYPE, mdnsHostName } from './mdns.js';
import { startTestHub, type TestHub } from '../testing/test-hub.js';

/** Browses `_homey._tcp` with the library the hub advertises with, until a service matches or the time is up. */
function browse(until: (service: Service) => boolean, timeoutMs: number): Promise<Service | undefined> {
  const bonjour = new Bonjour();
  const browser = bonjour.find({ type: MDNS_SERVICE_TYPE });
  return new Promise<Service | undefined>((resolve) => {
    const finish = (service?: Service) => {
      clearTimeout(timer);
      browser.stop();
      bonjour.destroy();
      resolve(service);
    };
    const timer = setTimeout(() => finish(), timeoutMs);
    const check = () => browser.services.find(until) && finish(browser.services.find(until));
    browser.on('up', check);
    browser.on('txt-update', check);
  });
}

describe('the hub on mDNS', () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.stop();
    hub = undefined;
  });

  it('when started with mdns, then a browser finds _homey._tcp with its id, version, apiVersion and port; when stopped, then it says goodbye', async () => {
    hub = await startTestHub({ mdns: true });
    const { id } = hub.hub;
    const found = await browse((service) => service.txt?.id === id, 5000);
    expect(found).toMatchObject({
      name: id,
      type: MDNS_SERVICE_TYPE,
      protocol: 'tcp',
      port: Number(new URL(hub.url).port),
      host: mdnsHostName(hub.hub),
      txt: { id, version: HUB_VERSION, apiVersion: '3' },
    });

    const bonjour = new Bonjour();
    const browser = bonjour.find({ type: MDNS_SERVICE_TYPE });
    await new Promise<void>((resolve) => browser.on('up', (service) => service.txt?.id === id && resolve()));
    const gone = new Promise<string>((resolve) => browser.on('down', (service) => resolve(service.name)));
    await hub.stop();
    hub = undefined;
    expect(await gone).toBe(id);
    browser.stop();
    bonjour.destroy();
  }, 20_000);

  it('when started without the option (tests, the default), then nothing is advertised', async () => {
    hub = await startTestHub();
    const { id } = hub.hub;
    expect(await browse((service) => service.txt?.id === id, 2000)).toBeUndefined();
  });
});
