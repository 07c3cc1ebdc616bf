// Crash test: an app that crashes on demand, to try out what the hub does with a crashing app.
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
  homey.log('Crash test started');
}
