'use strict';

// Crash test: an app that crashes, fails or hangs on demand, to try out what the hub does with a misbehaving app.
const Homey = require('homey');

module.exports = class CrashTestApp extends Homey.App {
  async onInit() {
    if (this.homey.settings.get('crashOnStart') === true) throw new Error('Told to crash on start');
    this.homey.flow.getActionCard('crash').registerRunListener(({ message }) => {
      this.error(`Crashing: ${message}`);
      // Thrown outside the card's run: the app's worker ends with it, as an app's uncaught error does.
      setImmediate(() => {
        throw new Error(message);
      });
    });
    this.homey.flow.getActionCard('fail').registerRunListener(({ message }) => {
      throw new Error(message);
    });
    this.homey.flow.getActionCard('log').registerRunListener(({ line }) => {
      this.log(line);
    });
    this.log('Crash test started');
  }
};
