import { FakeClock } from '../../http/clock.js';
import { randomUUID } from 'node:crypto';
import { applyValues } from '../devices/control.js';
import { buildDevice, type Device } from '../devices/device.js';
import { findDriver } from '../drivers/catalogue.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

const BASE = '/api/manager/images';

describe('images manager', () => {
  let hub: TestHub;
  const clock = new FakeClock(Date.parse('2026-11-23T08:00:00.000Z'));
  const auth = () => bearer(hub.token);
  const addCamera = (name: string) => {
    const zone = hub.hub.store.values('zone').find((candidate) => candidate.name === 'Garden')!;
    const driver = findDriver('homey:manager:vdevice:ipcamera')!;
    const device = hub.hub.store.insert('device', buildDevice({ driver, name, zone: zone.id, zoneName: zone.name, data: { id: randomUUID() } }, new Date(hub.hub.now()).toISOString()));
    return hub.hub.store.get('device', device.id)!;
  };
  const imageOf = (device: Device) => hub.hub.store.get('image', device.images[0]!.id)!;

  beforeAll(async () => {
    hub = await startTestHub({ clock });
  });
  afterAll(() => hub.stop());

  it("when listing the demo home, then the front door camera's image is there, named in its device's images, and counted", async () => {
    const { body } = await hub.http().get(`${BASE}/image`).set(auth()).expect(200).expect('Content-Type', /application\/json/);
    const camera = hub.hub.store.values('device').find((device) => device.name === 'Front door camera')!;
    const [entry] = camera.images;
    expect(camera.images).toEqual([{ type: 'camera', id: expect.any(String), imageObj: { id: entry!.id, url: `${BASE}/image/${entry!.id}/image` } }]);
    expect(body).toEqual({
      [entry!.id]: { id: entry!.id, ownerUri: `homey:device:${camera.id}`, url: `${BASE}/image/${entry!.id}/image`, lastUpdated: expect.any(String) },
    });
    await hub.http().get(`${BASE}/image/${entry!.id}`).set(auth()).expect(200, body[entry!.id]);
    const state = await hub.http().get(`${BASE}/state`).set(auth()).expect(200);
    expect(state.body).toEqual({ imageCount: 1 });
  });

  it('when a camera is added, then it owns a new image taken now; devices without a camera get none', () => {
    const camera = addCamera('Garden camera');
    expect(imageOf(camera)).toEqual({ id: camera.images[0]!.id, ownerUri: `homey:device:${camera.id}`, url: `${BASE}/image/${camera.images[0]!.id}/image`, lastUpdated: new Date(clock.now()).toISOString() });
    const light = hub.hub.store.insert('device', buildDevice({ driver: findDriver('homey:manager:vdevice:light')!, name: 'Lamp', zone: camera.zone, zoneName: camera.zoneName, data: { id: 'x' } }, new Date(hub.hub.now()).toISOString()));
    expect(hub.hub.store.get('device', light.id)!.images).toEqual([]);
  });

  it("when the picture is fetched, then it is an SVG of the camera's view with its name and time, and 304 while unchanged", async () => {
    const camera = addCamera('Drive <way> & "gate"');
    const url = imageOf(camera).url;
    const res = await hub.http().get(url).set(auth()).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    }).expect(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const svg = res.body as string;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Drive &lt;way&gt; &amp; &quot;gate&quot; · Garden');
    expect(svg).toContain('2026-11-23 08:00:00 UTC');
    expect(svg).not.toContain('MOTION');
    await hub.http().get(url).set(auth()).set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('when the camera is refreshed or sees motion, then it takes a new picture: lastUpdated and the picture change', async () => {
    const camera = addCamera('Back door camera');
    const image = imageOf(camera);
    const first = await hub.http().get(image.url).set(auth()).expect(200);
    clock.advance(60_000);
    const refreshed = await hub.http().post(`${BASE}/image/${image.id}/refresh`).set(auth()).send({}).expect(200);
    expect(refreshed.body).toEqual({ ...image, lastUpdated: new Date(clock.now()).toISOString() });
    const second = await hub.http().get(image.url).set(auth()).set('If-None-Match', first.headers.etag!).expect(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);

    clock.advance(60_000);
    applyValues(hub.hub, hub.hub.store.get('device', camera.id)!, { alarm_motion: true }, randomUUID());
    expect(imageOf(camera).lastUpdated).toBe(new Date(clock.now()).toISOString());
    const motion = await hub.http().get(image.url).set(auth()).buffer(true).parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => done(null, text));
    });
    expect(motion.body).toContain('MOTION');
    clock.advance(60_000);
    applyValues(hub.hub, hub.hub.store.get('device', camera.id)!, { alarm_motion: true }, randomUUID());
    expect(imageOf(camera).lastUpdated).toBe(new Date(clock.now() - 60_000).toISOString());
  });

  it('when its setting says not to, then motion takes no picture', async () => {
    const camera = addCamera('Quiet camera');
    await hub.http().put(`/api/manager/devices/device/${camera.id}/settings`).set(auth()).send({ picture_on_motion: false }).expect(200);
    const before = imageOf(camera).lastUpdated;
    clock.advance(60_000);
    applyValues(hub.hub, hub.hub.store.get('device', camera.id)!, { alarm_motion: true }, randomUUID());
    expect(imageOf(camera).lastUpdated).toBe(before);
  });

  it('when a camera is removed, then its image goes with it', async () => {
    const camera = addCamera('Temporary camera');
    const { id } = imageOf(camera);
    await hub.http().delete(`/api/manager/devices/device/${camera.id}`).set(auth()).expect(204);
    expect(hub.hub.store.get('image', id)).toBeUndefined();
    await hub.http().get(`${BASE}/image/${id}`).set(auth()).expect(404);
  });

  it('when the image is unknown, then 404 for get, picture and refresh, as JSON', async () => {
    const res = await hub.http().get(`${BASE}/image/nope/image`).set(auth()).expect(404).expect('Content-Type', /application\/json/);
    expect(res.body).toMatchObject({ error: 'not_found', error_description: 'Image not found', statusCode: 404 });
    await hub.http().get(`${BASE}/image/nope`).set(auth()).expect(404);
    await hub.http().post(`${BASE}/image/nope/refresh`).set(auth()).send({}).expect(404);
  });

  it('when the refresh body carries fields or the query is unknown, then 400', async () => {
    const { id } = imageOf(addCamera('Strict camera'));
    const res = await hub.http().post(`${BASE}/image/${id}/refresh`).set(auth()).send({ quality: 'high' }).expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_request', statusCode: 400 });
    await hub.http().get(`${BASE}/image/${id}/image?size=large`).set(auth()).expect(400);
  });

  it('when the token lacks the scope, then 403; a device reader sees pictures but cannot take one', async () => {
    const { id, url } = imageOf(addCamera('Scoped camera'));
    const reader = bearer(hub.tokenWith(['homey.device.readonly']));
    await hub.http().get(url).set(reader).expect(200);
    const denied = await hub.http().post(`${BASE}/image/${id}/refresh`).set(reader).send({}).expect(403);
    expect(denied.body).toMatchObject({ error: 'insufficient_scope', error_description: 'Missing scope: homey.device.control' });
    const other = bearer(hub.tokenWith(['homey.zone']));
    await hub.http().get(`${BASE}/image`).set(other).expect(403);
    await hub.http().get(url).set(other).expect(403);
    await hub.http().get(url).expect(401);
  });
});
