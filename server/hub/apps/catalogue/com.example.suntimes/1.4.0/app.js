// Sun times: fires "The sun sets" at the configured sunset (UTC) every day, and tells whether it is daytime;
// its API reads (public) and sets the times.
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (time) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export default async function onInit(homey) {
  const setting = (name, fallback) => homey.settings.get(name) ?? fallback;
  let cancel = () => {};
  const nextSunset = homey.flow.createToken('next_sunset', { type: 'string', title: 'Next sunset', value: null });

  const schedule = () => {
    cancel();
    const now = homey.clock.now();
    const day = now - (now % 86_400_000);
    let at = day + minutesOf(setting('sunset', '19:45')) * 60_000;
    if (at <= now) at += 86_400_000;
    homey.log(`Next sunset at ${new Date(at).toISOString()}`);
    nextSunset.setValue(new Date(at).toISOString());
    cancel = homey.clock.at(at, () => {
      homey.log(`Sunset at ${setting('sunset', '19:45')}`);
      homey.flow.getTriggerCard('sunset').trigger({ time: setting('sunset', '19:45') });
      schedule();
    });
  };

  const isDaytime = () => {
    const minute = Math.floor((homey.clock.now() % 86_400_000) / 60_000);
    return minute >= minutesOf(setting('sunrise', '07:30')) && minute < minutesOf(setting('sunset', '19:45'));
  };
  const times = () => ({ sunrise: setting('sunrise', '07:30'), sunset: setting('sunset', '19:45'), daytime: isDaytime() });

  homey.flow.getConditionCard('is_daytime').registerRunListener(isDaytime);
  homey.api.register('getTimes', times);
  homey.api.register('setTimes', ({ body }) => {
    const refuse = (message) => Object.assign(new Error(message), { statusCode: 400 });
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refuse('Send { sunrise, sunset } as HH:MM');
    const names = ['sunrise', 'sunset'].filter((name) => body[name] !== undefined);
    for (const name of names) if (typeof body[name] !== 'string' || !TIME.test(body[name])) throw refuse(`${name} must be HH:MM`);
    for (const name of names) homey.settings.set(name, body[name]);
    schedule();
    return times();
  });
  homey.settings.on('set', schedule);
  schedule();
  homey.log('Sun times started');
}
