import { FakeClock } from '../../http/clock.js';
import { INTERVIEW_MS } from '../radios/network.js';
import { bearer, startTestHub } from '../testing/test-hub.js';

describe('the zigbee network across a restart', () => {
  it('when the hub restarts while a node is interviewed, then the network is kept and the interview completes', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T17:00:00Z'));
    const first = await startTestHub({ clock });
    const auth = bearer(first.token);
    await first.http().post('/api/manager/zigbee/command').set(auth).send({ command: 'setChannel', opts: { channel: 25 } }).expect(200);
    await first.http().post('/api/manager/zigbee/command').set(auth).send({ command: 'permitJoin', opts: { duration: 60 } }).expect(200);
    const { body: node } = await first.http().post('/api/manager/zigbee/simulator/node').set(auth).send({ driver: 'light' }).expect(200);
    await first.stop({ keepData: true });

    const second = await startTestHub({ dataDir: first.dataDir, clock });
    try {
      const state = async () => (await second.http().get('/api/manager/zigbee/state').set(bearer(second.token)).expect(200)).body;
      expect(await state()).toMatchObject({ channel: 25, nodes: { [node.id]: { status: 'interviewing' } } });
      clock.advance(INTERVIEW_MS);
      expect((await state()).nodes[node.id]).toMatchObject({ status: 'ready', endpoints: expect.arrayContaining(['onOff']) });
    } finally {
      await second.stop();
    }
  });
});
