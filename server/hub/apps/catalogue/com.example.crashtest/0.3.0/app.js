// Crash test: an app that crashes, fails or hangs on demand, to try out what the hub does with a misbehaving app.
export default async function onInit(homey) {
  if (homey.settings.get('crashOnStart') === true) throw new Error('Told to crash on start');
  homey.flow.getActionCard('crash').registerRunListener(({ message }) => {
    homey.error(`Crashing: ${message}`);
    setImmediate(() => {
      throw new Error(message);
    });
  });
  homey.flow.getActionCard('fail').registerRunListener(({ message }) => {
    throw new Error(message);
  });
  homey.flow.getActionCard('log').registerRunListener(({ line }) => {
    homey.log(line);
  });
  homey.api.register('echo', ({ params, query, body }) => ({ word: params.word, query, body }));
  homey.api.register('hang', () => new Promise(() => {}));
  homey.api.register('fail', ({ query }) => {
    if (query.with === 'bigint') return { count: 1n };
    throw new Error('Failing on purpose');
  });
  homey.api.register('clearLog', () => {
    homey.log('Log cleared');
  });
  homey.log('Crash test started');
}
