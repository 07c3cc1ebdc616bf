import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { eventually } from './testing/eventually.js';

const THERMOSTAT = 'com.example.thermostat';
const CRASH = 'com.example.crashtest';

describe('apps end to end', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const api = (path: string) => `/api/manager/${path}`;

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
  });
  afterAll(() => hub.stop());

  it('when a catalogue app is installed, then its driver pairs a device that the app drives and its flow card appears', async () => {
    await hub.http().delete(api(`apps/app/${THERMOSTAT}?purgeSettings=true`)).set(auth()).expect(204);
    const driverId = `homey:app:${THERMOSTAT}:thermostat`;
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(404);
    const { body: triggersBefore } = await hub.http().get(api('flow/flowcardtrigger')).set(auth()).expect(200);
    expect(Object.values(triggersBefore).some((card) => (card as { ownerUri: string }).ownerUri === `homey:app:${THERMOSTAT}`)).toBe(false);

    const { body: app } = await hub.http().post(api('apps/store')).set(auth()).send({ id: THERMOSTAT, channel: 'stable', waitForInstall: true }).expect(200);
    expect(app).toMatchObject({ id: THERMOSTAT, state: 'running', ready: true, hasDrivers: true, origin: 'appstore' });

    const { body: driver } = await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(200);
    expect(driver).toMatchObject({ ownerUri: `homey:app:${THERMOSTAT}`, ownerName: 'Virtual thermostat', capabilities: ['target_temperature', 'measure_temperature'] });
    const { body: session } = await hub.http().post(api('drivers/pairsession')).set(auth()).send({ type: 'pair', driverId }).expect(200);
    const { body: found } = await hub.http().post(api(`drivers/pairsession/${session.id}/emit`)).set(auth()).send({ event: 'list_devices' }).expect(200);
    const { body: device } = await hub.http().post(api(`drivers/pairsession/${session.id}/device`)).set(auth()).send(found[0]).expect(200);
    expect(device).toMatchObject({ driverId, ownerUri: `homey:app:${THERMOSTAT}`, class: 'thermostat' });

    const { body: triggers } = await hub.http().get(api('flow/flowcardtrigger')).set(auth()).expect(200);
    expect(Object.values(triggers)).toContainEqual(expect.objectContaining({ id: `homey:app:${THERMOSTAT}:target_reached`, ownerUri: `homey:app:${THERMOSTAT}` }));

    // The app drives its device: a new target, and the room's temperature follows.
    await hub.http().put(api(`devices/device/${device.id}/capability/target_temperature`)).set(auth()).send({ value: 22.5 }).expect(204);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`devices/device/${device.id}`)).set(auth()).expect(200);
      expect(body.capabilitiesObj.measure_temperature.value).toBe(22.5);
    });

    // Uninstalled, the app takes its driver, its device and its cards with it.
    await hub.http().delete(api(`apps/app/${THERMOSTAT}`)).set(auth()).expect(204);
    await hub.http().get(api(`devices/device/${device.id}`)).set(auth()).expect(404);
    await hub.http().get(api(`drivers/driver/${driverId}`)).set(auth()).expect(404);
    const { body: triggersAfter } = await hub.http().get(api('flow/flowcardtrigger')).set(auth()).expect(200);
    expect(Object.keys(triggersAfter)).not.toContain(`homey:app:${THERMOSTAT}:target_reached`);
  });

  it('when an app crashes, then it is crashed with message, exit code and count, and its crash log is e-mailed to its developer', async () => {
    await eventually(async () => {
      const { body } = await hub.http().get(api(`apps/app/${CRASH}`)).set(auth()).expect(200);
      expect(body.state).toBe('running');
    });
    const uri = `homey:app:${CRASH}`;
    const failed = await hub.http().post(api(`flow/flowcardaction/${uri}/${uri}:fail/run`)).set(auth()).send({ args: { message: 'Not today' } }).expect(502);
    expect(failed.body).toMatchObject({ error: 'app_error', error_description: 'Crash test: Not today' });
    await hub.http().post(api(`flow/flowcardaction/${uri}/${uri}:crash/run`)).set(auth()).send({ args: { message: 'Boom at the test' } }).expect(200);
    await eventually(async () => {
      const { body } = await hub.http().get(api(`apps/app/${CRASH}`)).set(auth()).expect(200);
      expect(body).toMatchObject({ state: 'stopped', ready: false, crashed: true, crashedMessage: 'Boom at the test', exitCode: 1, exitCount: 1 });
    });
    const { body: notifications } = await hub.http().get(api('notifications/notification')).set(auth()).expect(200);
    expect(Object.values(notifications)).toContainEqual(expect.objectContaining({ ownerUri: `homey:app:${CRASH}`, excerpt: 'Crash test crashed: Boom at the test' }));
    const state = await hub.http().get(api('apps/state')).set(auth()).expect(200);
    expect(state.body.crashedCount).toBe(1);

    const { body: receipt } = await hub.http().post(api(`apps/app/${CRASH}/crashlog`)).set(auth()).send({ message: 'It fell over when I ran the card' }).expect(200);
    expect(receipt).toEqual({ to: 'qa@example.com', messageId: expect.stringMatching(/^<.+>$/) });
    const outbox = join(hub.dataDir, 'outbox');
    const [file] = readdirSync(outbox);
    const eml = readFileSync(join(outbox, file!), 'utf-8');
    expect(eml).toMatch(/^To: qa@example.com$/m);
    expect(eml).toMatch(/^Subject: Diagnostic report for Crash test 0.3.0$/m);
    expect(eml).toContain('It fell over when I ran the card');
    expect(eml).toContain('[stderr] Crashing: Boom at the test');
    expect(eml).toContain('Error: Boom at the test');

    await hub.http().post(api(`apps/app/${CRASH}/restart`)).set(auth()).send({}).expect(204);
    const { body: restarted } = await hub.http().get(api(`apps/app/${CRASH}`)).set(auth()).expect(200);
    expect(restarted).toMatchObject({ state: 'running', crashed: false, exitCount: 1 });
  });
});
