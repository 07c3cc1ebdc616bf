import { FakeClock } from '../http/clock.js';
import { applyValues } from './devices/control.js';
import { bearer, startTestHub, type TestHub } from './testing/test-hub.js';
import { INSTALLER_WINDOW_MS } from './users/installer.js';
import { INVITE_TTL_MS } from './users/invites.js';

/** Years from the machine's time, so that a rule reading the machine's time instead of the hub's shows. */
const START = Date.UTC(2031, 4, 6, 7, 8, 9);
const iso = (time: number) => new Date(time).toISOString();

describe("the hub's time-based rules read the hub's clock (docs/running.md: one clock)", () => {
  let hub: TestHub;
  const clock = new FakeClock(START);
  const auth = () => bearer(hub.token);
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;

  beforeAll(async () => {
    hub = await startTestHub({ clock, cloudSharedSecret: 'cloud-secret' });
  });
  afterAll(() => hub.stop());

  it('when the hub starts, then its boot time, uptime and the demo devices and groups are stamped on its clock', async () => {
    clock.advance(90_000);
    const { body: state } = await hub.http().get('/api/manager/system/state').set(auth()).expect(200);
    expect(state).toMatchObject({ bootedAt: iso(START), uptime: 90 });
    expect(device('Floor lamp').capabilitiesObj.onoff!.lastUpdated).toBe(iso(START));
    expect(device('Living room lights').capabilitiesObj.onoff!.lastUpdated).toBe(iso(START));
  });

  it('when motion is reported, then the zone becomes active at the clock time', () => {
    clock.advance(60_000);
    const sensor = device('Hallway motion');
    applyValues(hub.hub, sensor, { alarm_motion: true }, 'motion-1');
    expect(hub.hub.store.get('zone', sensor.zone)).toMatchObject({ active: true, activeLastUpdated: iso(clock.now()) });
  });

  it('when the hub reboots, then the reboot, the new boot time, the log and the report carry the clock time', async () => {
    clock.advance(60_000);
    const at = iso(clock.now());
    const { body: record } = await hub.http().post('/api/manager/system/reboot').set(auth()).send({}).expect(200);
    expect(record).toEqual({ reason: 'reboot', requestedAt: at });
    expect((await hub.http().get('/api/manager/system/state').set(auth()).expect(200)).body).toMatchObject({ bootedAt: at, uptime: 0 });
    const { body: report } = await hub.http().post('/api/manager/system/journalctl').set(auth()).send({}).expect(200);
    expect(report).toContain(`Generated: ${at}`);
    expect(report).toContain(`${at} [info] homey:manager:system reboot requested; booted again`);
  });

  // Advancing the clock by a day fires the demo home's timers for seconds; the stored end is moved instead, to
  // times that are past on the hub's clock and still years ahead on the machine's.
  it('when installer access is granted, then it lasts a day and ends at its end on the clock', async () => {
    const { body: access } = await hub.http().post('/api/manager/users/installer/grant').set(auth()).send({}).expect(200);
    expect(access.expiresAt).toBe(iso(clock.now() + INSTALLER_WINDOW_MS));
    const endAt = async (time: number) => {
      hub.hub.settings.set('installerAccess', { ...hub.hub.settings.get<object>('installerAccess'), expiresAt: iso(time) });
      return (await hub.http().get('/api/manager/users/state').set(auth()).expect(200)).body.installerAccessExpiresAt;
    };
    expect(await endAt(clock.now() + 1)).toBe(iso(clock.now() + 1));
    expect(await endAt(clock.now())).toBeNull();
  });

  it('when an invite lasts a week, then it is refused once its end has passed on the clock', async () => {
    const invite = async () => (await hub.http().post('/api/manager/users/user').set(auth()).send({ role: 'guest' }).expect(200)).body;
    const accept = (inviteToken: string, athomId: string) =>
      hub.http().post('/api/manager/users/accept').send({ secret: 'cloud-secret', athomId, inviteToken, name: athomId });
    const endAt = (time: number) => hub.hub.db.prepare('UPDATE user_invites SET expires_at = ? WHERE accepted_at IS NULL').run(iso(time));
    const early = await invite();
    expect(early.inviteExpiresAt).toBe(iso(clock.now() + INVITE_TTL_MS));
    endAt(clock.now() + 1);
    await accept(early.inviteToken, 'cloud-early').expect(200);
    const late = await invite();
    endAt(clock.now());
    const { body } = await accept(late.inviteToken, 'cloud-late').expect(409);
    expect(body.error_description).toBe('This invite has expired: ask for a new one');
  });
});
