import { FakeClock } from '../../http/clock.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';
import { connectRealtime } from '../testing/realtime-client.js';
import type { AppWidget } from './widget-definition.js';

const CLOCK = 'homey:manager:dashboards:clock';
const DEVICE = 'homey:manager:dashboards:device';
const VARIABLE = 'homey:manager:dashboards:variable';
/** Mid-January: Amsterdam is an hour ahead of UTC. */
const WINTER = Date.parse('2026-01-15T12:00:00Z');

describe('dashboards manager: app widgets and their autocomplete', () => {
  let hub: TestHub;
  const auth = () => bearer(hub.token);
  const device = (name: string) => hub.hub.store.values('device').find((candidate) => candidate.name === name)!;
  const autocomplete = (id: string, query: string) => hub.http().get(`/api/manager/dashboards/appwidget/${id}/autocomplete${query}`).set(auth());

  beforeAll(async () => {
    hub = await startTestHub({ clock: new FakeClock(WINTER) });
  });
  afterAll(() => hub.stop());

  it('when listing app widgets, then the hub\'s own device, variable and clock widgets come keyed by id with their settings', async () => {
    const { body } = await hub.http().get('/api/manager/dashboards/appwidget').set(auth()).expect(200);
    expect(Object.keys(body).sort()).toEqual([CLOCK, DEVICE, VARIABLE]);
    for (const widget of Object.values<AppWidget>(body)) {
      expect(widget).toMatchObject({ ownerId: 'dashboards', ownerUri: 'homey:manager:dashboards', ownerName: 'Homey' });
      expect(widget.id.startsWith(`${widget.ownerUri}:`)).toBe(true);
    }
    expect(body[DEVICE].settings.map((setting: { id: string; type: string }) => [setting.id, setting.type])).toEqual([['device', 'autocomplete'], ['capability', 'autocomplete']]);
    const clock = await hub.http().get(`/api/manager/dashboards/appwidget/${CLOCK}`).set(auth()).expect(200);
    expect(clock.body).toEqual(body[CLOCK]);
    expect(clock.body).toMatchObject({ name: 'Clock', height: 120 });
    expect(clock.body.settings[1]).toEqual({ id: 'format', type: 'dropdown', title: 'Format', value: '24h', values: [{ id: '24h', title: '24-hour' }, { id: '12h', title: '12-hour' }] });
    await hub.http().get('/api/manager/dashboards/appwidget/homey:app:com.example:nope').set(auth()).expect(404);
  });

  it('when devices are looked up by part of their name in any case, then those that match come, names starting with it first, described by zone', async () => {
    const { body } = await autocomplete(DEVICE, '?settingId=device&query=LIGHT').expect(200);
    const names = body.map((result: { name: string }) => result.name);
    expect(names).toEqual(expect.arrayContaining(['Ceiling light', 'Hallway light', 'Living room lights', 'Garden lights']));
    for (const name of names) expect(name.toLowerCase()).toContain('light');
    expect(body).toContainEqual({ id: device('Ceiling light').id, name: 'Ceiling light', description: 'Living room' });
    const living = await autocomplete(DEVICE, '?settingId=device&query=living').expect(200);
    expect(living.body.map((result: { name: string }) => result.name).slice(0, 2)).toEqual(['Living room blinds', 'Living room climate']);
    const none = await autocomplete(DEVICE, '?settingId=device&query=zeppelin').expect(200);
    expect(none.body).toEqual([]);
    const all = await autocomplete(DEVICE, '?settingId=device&query=').expect(200);
    expect(all.body).toHaveLength(20);
  });

  it('when capabilities are looked up with a device chosen in the settings, then that device\'s capabilities come; with none chosen, none', async () => {
    const light = device('Ceiling light');
    const chosen = `&settings[device][id]=${light.id}&settings[device][name]=Ceiling%20light`;
    const { body } = await autocomplete(DEVICE, `?settingId=capability&query=${chosen}`).expect(200);
    expect(body).toEqual([
      { id: 'light_temperature', name: 'Color temperature', description: 'light_temperature' },
      { id: 'dim', name: 'Dim level', description: 'dim' },
      { id: 'onoff', name: 'Turned on', description: 'onoff' },
    ]);
    const dim = await autocomplete(DEVICE, `?settingId=capability&query=DIM${chosen}`).expect(200);
    expect(dim.body.map((result: { id: string }) => result.id)).toEqual(['dim']);
    const without = await autocomplete(DEVICE, '?settingId=capability&query=').expect(200);
    expect(without.body).toEqual([]);
  });

  it('when variables and time zones are looked up, then real ones come: a variable with its type and value, a zone with its UTC offset', async () => {
    const guests = hub.hub.store.values('variable').find((variable) => variable.name === 'Guests')!;
    const variables = await autocomplete(VARIABLE, '?settingId=variable&query=gUe').expect(200);
    expect(variables.body).toEqual([{ id: guests.id, name: 'Guests', description: 'number: 0' }]);
    const zones = await autocomplete(CLOCK, '?settingId=timezone&query=amster').expect(200);
    expect(zones.body).toEqual([{ id: 'Europe/Amsterdam', name: 'Europe/Amsterdam', description: 'UTC+01:00' }]);
    const spaced = await autocomplete(CLOCK, '?settingId=timezone&query=new_york').expect(200);
    expect(spaced.body).toEqual([{ id: 'America/New_York', name: 'America/New York', description: 'UTC-05:00' }]);
  });

  it('when the widget or setting is unknown, then 404; a setting that is not autocomplete or a missing argument, 400', async () => {
    const widget = await autocomplete('homey:app:com.example:nope', '?settingId=device&query=').expect(404);
    expect(widget.body).toMatchObject({ error: 'not_found', error_description: 'App widget not found' });
    const setting = await autocomplete(DEVICE, '?settingId=colour&query=').expect(404);
    expect(setting.body.error_description).toBe('Device has no setting colour');
    const dropdown = await autocomplete(CLOCK, '?settingId=format&query=').expect(400);
    expect(dropdown.body.error_description).toBe('format is a dropdown setting, not an autocomplete one');
    const missing = await autocomplete(CLOCK, '?query=x').expect(400);
    expect(missing.body.error_description).toMatch(/settingId/);
  });

  it('when autocomplete is asked over the socket with settings as an object, then the ack carries the suggestions', async () => {
    const client = await connectRealtime(hub.url, hub.tokenWith(['homey.dashboard.readonly']), hub.hub.id);
    try {
      const light = device('Floor lamp');
      const [error, results] = await client.request('api', {
        uri: 'homey:manager:dashboards',
        operation: 'getAppWidgetAutocomplete',
        args: { id: DEVICE, settingId: 'capability', query: 'O', settings: { device: { id: light.id, name: light.name } } },
      });
      expect(error).toBeNull();
      expect(results).toEqual([{ id: 'light_temperature', name: 'Color temperature', description: 'light_temperature' }, { id: 'onoff', name: 'Turned on', description: 'onoff' }]);
    } finally {
      client.close();
    }
  });

  it('when the token lacks the scope, then 403 for app widgets and autocomplete', async () => {
    const other = bearer(hub.tokenWith(['homey.mood.readonly']));
    await hub.http().get('/api/manager/dashboards/appwidget').set(other).expect(403);
    await hub.http().get(`/api/manager/dashboards/appwidget/${CLOCK}`).set(other).expect(403);
    const res = await hub.http().get(`/api/manager/dashboards/appwidget/${CLOCK}/autocomplete?settingId=timezone&query=a`).set(other).expect(403);
    expect(res.body.error_description).toBe('Missing scope: homey.dashboard.readonly');
  });
});
