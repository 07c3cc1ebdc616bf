import type { ActionCard } from '../flow/cards.js';
import { bearer, startTestHub, type TestHub } from '../testing/test-hub.js';

describe('the "Set a mood" flow card', () => {
  let hub: TestHub;
  const cardId = 'homey:manager:moods:set_mood';
  const movieNight = () => hub.hub.store.values('mood').find((mood) => mood.name === 'Movie night')!;
  const floorLamp = () => hub.hub.store.values('device').find((device) => device.name === 'Floor lamp')!;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.stop());

  it('when a flow runs it through the card API, then the mood’s device states are applied', async () => {
    const mood = movieNight();
    await hub.http().put(`/api/manager/devices/device/${floorLamp().id}/capability/dim`).set(bearer(hub.token)).send({ value: 1 }).expect(204);
    await hub.http().post(`/api/manager/flow/flowcardaction/homey:manager:moods/${cardId}/run`).set(bearer(hub.token))
      .send({ args: { mood: { id: mood.id, name: mood.name } } }).expect(200);
    expect(floorLamp().capabilitiesObj.dim!.value).toBe(mood.devices[floorLamp().id]!.dim);
  });

  it('when its mood is picked by typing, then autocomplete finds moods by name', async () => {
    const { body } = await hub.http().get(`/api/manager/flow/flowcardaction/homey:manager:moods/${cardId}/autocomplete`)
      .query({ name: 'mood', query: 'movie' }).set(bearer(hub.token)).expect(200);
    expect(body).toEqual([{ id: movieNight().id, name: 'Movie night' }]);
  });

  it('when the mood no longer exists, then the run fails with a 404 the flow engine can report', () => {
    const card = hub.hub.cards.get(cardId) as ActionCard;
    expect(() => card.run({ args: { mood: { id: 'gone', name: 'Gone' } }, tokens: {}, state: {} }, hub.hub)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
