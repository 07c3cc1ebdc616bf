import { join } from 'node:path';
import { c as createTar } from 'tar';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const DEMO = 'com.example.sdkdemo';
const uri = `homey:app:${DEMO}`;

/** The SDK v3 app in testing/sdk-apps/<id> as a .tar.gz package, as `homey app run` uploads it. */
async function pack(id: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ gzip: true, cwd: join(__dirname, 'testing', 'sdk-apps', id) }, ['.'])) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('an SDK v3 app run from the devkit', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const api = (path: string) => `/api/manager/${path}`;
  const log = () => hub.hub.apps.logOf(DEMO).map(({ line }) => line);

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when it runs, then require("homey") and its own node_modules resolve, its App, driver, devices, cards, routes and tokens work, and stopping it leaves nothing', async () => {
    const { body: session } = await hub.http().post(api('devkit/')).set(auth()).attach('app', await pack(DEMO), 'app.tar.gz').expect(200);
    const { body: app } = await hub.http().get(api(`apps/app/${DEMO}`)).set(auth()).expect(200);
    expect(app).toMatchObject({ state: 'running', name: 'SDK demo', author: { name: 'Ada Example', email: null } });
    expect(log()).toEqual(expect.arrayContaining(['Hello, hub', 'Good day, Ada', `${DEMO} has been initialized`, 'LampDriver has been initialized']));

    const driverId = `${uri}:lamp`;
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(200).expect(({ body }) => expect(body).toMatchObject({ name: 'Lamp', ownerUri: uri }));
    const { body: actions } = await hub.http().get(api('flow/flowcardaction')).set(auth()).expect(200);
    expect(Object.values(actions)).toContainEqual(expect.objectContaining({ id: `${uri}:count`, ownerUri: uri, title: 'Count up' }));

    // Pairing: the driver's onPairListDevices lists, the device added runs its onInit and onAdded.
    const { body: pairing } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    expect(found).toEqual([
      expect.objectContaining({ name: 'Desk lamp', data: { id: 'desk' } }),
      expect.objectContaining({ name: 'Floor lamp', data: { id: 'floor' } }),
    ]);
    const { body: lamp } = await hub.http().post(api(`drivers/pairsession/${pairing.id}/device`)).set(auth()).send(found[0]).expect(200);
    await eventually(() => expect(log()).toEqual(expect.arrayContaining(['Desk lamp initialized', 'Desk lamp added'])));
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
      expect(body.store).toEqual({ address: '10.0.0.7', added: true });
    });

    // A user turns it on: the device's capability listener reports its power and fires the device trigger.
    const firings: unknown[] = [];
    const stop = hub.hub.cards.onFiring((firing) => firing.cardId.startsWith(uri) && firings.push(firing));
    await hub.http().put(api(`devices/device/${lamp.id}/capability/onoff`)).set(auth()).send({ value: true }).expect(204);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj.measure_power.value).toBe(40);
    });
    await eventually(() => expect(firings).toEqual([expect.objectContaining({ cardId: `${uri}:lamp_turned_on`, tokens: { power: 40 } })]));
    stop();
    expect(log()).toContain('Desk lamp at 10.0.0.7 turned on');

    // Flow cards: an action answering tokens, a condition, an autocomplete from the app and one of its devices.
    const run = (type: string, id: string, args: object) => hub.http().post(api(`flow/${type}/${uri}/${uri}:${id}/run`)).set(auth()).send({ args });
    await run('flowcardaction', 'count', { step: 3 }).expect(200);
    expect((await run('flowcardcondition', 'total_above', { limit: 2 }).expect(200)).body).toMatchObject({ result: true });
    const { body: colours } = await hub.http().get(api(`flow/flowcardaction/${uri}/${uri}:pick_colour/autocomplete`)).query({ name: 'colour', query: 'r' }).set(auth()).expect(200);
    expect(colours).toEqual([expect.objectContaining({ id: 'Red', name: 'Red' }), expect.objectContaining({ id: 'Green', name: 'Green' })]);
    const { body: lamps } = await hub.http().get(api(`flow/flowcardtrigger/${uri}/${uri}:lamp_turned_on/autocomplete`)).query({ name: 'device', query: 'desk' }).set(auth()).expect(200);
    expect(lamps).toEqual([{ id: lamp.id, name: 'Desk lamp' }]);

    // api.js: its routes by name, lower-case methods, the root path, parameters; a public route needs no token.
    await hub.http().get(`/api/app/${DEMO}/`).expect(200, { total: 3, lamps: 1 });
    await hub.http().post(`/api/app/${DEMO}/`).set(auth()).send({ total: 7 }).expect(200, { total: 7 });
    await hub.http().get(`/api/app/${DEMO}/lamps/desk`).set(auth()).expect(200, { name: 'Desk lamp', onoff: true });
    await hub.http().get(`/api/app/${DEMO}/lamps/attic`).set(auth()).expect(502);
    await hub.http().get(api(`flowtoken/flowtoken/${uri}:counter`)).set(auth()).expect(200);

    // Renamed and deleted, the device hears it.
    await hub.http().put(api(`devices/device/${lamp.id}`)).set(auth()).send({ name: 'Reading lamp' }).expect(200);
    await eventually(() => expect(log()).toContain('Renamed to Reading lamp'));

    await hub.http().delete(api(`devkit/${session.id}`)).set(auth()).expect(204);
    await hub.http().get(api(`apps/app/${DEMO}`)).set(auth()).expect(404);
    await hub.http().get(api(`devices/device/${lamp.id}`)).set(auth()).expect(404);
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(404);
    const { body: after } = await hub.http().get(api('flow/flowcardaction')).set(auth()).expect(200);
    expect(Object.keys(after).filter((id) => id.startsWith(uri))).toEqual([]);
  });
});
