// Sun times: fires "The sun sets" at the configured sunset (UTC) every day, and tells whether it is daytime.
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

  homey.flow.getConditionCard('is_daytime').registerRunListener(() => {
    const now = homey.clock.now();
    const minute = Math.floor((now % 86_400_000) / 60_000);
    return minute >= minutesOf(setting('sunrise', '07:30')) && minute < minutesOf(setting('sunset', '19:45'));
  });
  homey.settings.on('set', schedule);
  schedule();
  homey.log('Sun times started');
}
