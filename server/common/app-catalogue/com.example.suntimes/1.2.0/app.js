'use strict';

// Sun times: fires "The sun sets" at the configured sunset (UTC) every day, tells whether it is daytime, keeps a
// "Next sunset" flow token, and lets a flow (or its settings page, or its web API in api.js) set the times.
const Homey = require('homey');

const DAY = 86_400_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DEFAULTS = { sunrise: '07:30', sunset: '19:45' };
const minutesOf = (time) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const refuse = (message) => Object.assign(new Error(message), { statusCode: 400 });

module.exports = class SunTimesApp extends Homey.App {
  async onInit() {
    this.sunsetCard = this.homey.flow.getTriggerCard('sunset');
    this.nextSunset = await this.homey.flow.createToken('next_sunset', { type: 'string', title: this.homey.__('nextSunset'), value: null });
    this.homey.flow.getConditionCard('is_daytime').registerRunListener(() => this.isDaytime());
    const setTime = this.homey.flow.getActionCard('set_time');
    setTime.registerArgumentAutocompleteListener('event', (query) => ['sunrise', 'sunset']
      .map((id) => ({ id, name: this.homey.__(id) }))
      .filter((event) => event.name.toLowerCase().includes(query.toLowerCase())));
    setTime.registerRunListener(({ event, time }) => this.setTimes({ [event.id]: time }));
    // A time changed here, on the settings page or in the hub's app settings: the next sunset follows it.
    this.homey.settings.on('set', () => this.schedule());
    this.schedule();
    this.log('Sun times started');
  }

  time(name) {
    return this.homey.settings.get(name) ?? DEFAULTS[name];
  }

  schedule() {
    this.homey.clearTimeout(this.timer);
    const now = Date.now();
    let at = now - (now % DAY) + minutesOf(this.time('sunset')) * 60_000;
    if (at <= now) at += DAY;
    this.log(`Next sunset at ${new Date(at).toISOString()}`);
    this.nextSunset.setValue(new Date(at).toISOString()).catch(this.error);
    this.timer = this.homey.setTimeout(() => {
      this.log(`Sunset at ${this.time('sunset')}`);
      this.sunsetCard.trigger({ time: this.time('sunset') }).catch(this.error);
      this.schedule();
    }, at - now);
  }

  isDaytime() {
    const minute = Math.floor((Date.now() % DAY) / 60_000);
    return minute >= minutesOf(this.time('sunrise')) && minute < minutesOf(this.time('sunset'));
  }

  times() {
    return { sunrise: this.time('sunrise'), sunset: this.time('sunset'), daytime: this.isDaytime() };
  }

  /** Sets { sunrise, sunset } (either or both, HH:MM); a wrong value is refused with a 400 and nothing is set. */
  setTimes(body) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refuse('Send { sunrise, sunset } as HH:MM');
    const names = ['sunrise', 'sunset'].filter((name) => body[name] !== undefined);
    for (const name of names) if (typeof body[name] !== 'string' || !TIME.test(body[name])) throw refuse(`${name} must be HH:MM`);
    for (const name of names) this.homey.settings.set(name, body[name]);
    return this.times();
  }
};
