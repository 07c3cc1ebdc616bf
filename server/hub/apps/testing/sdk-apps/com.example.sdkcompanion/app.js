'use strict';

const Homey = require('homey');

module.exports = class CompanionApp extends Homey.App {
  async onInit() {
    this.demo = this.homey.api.getApiApp('com.example.sdkdemo');
    this.homey.settings.on('set', (key) => {
      this.homey.api.realtime('setting_changed', { key, value: this.homey.settings.get(key) });
    });
    this.log(`Language ${this.homey.i18n.getLanguage()}, timezone set: ${Boolean(this.homey.clock.getTimezone())}`);
    this.log(`May call the demo: ${this.homey.api.hasApiApp('com.example.sdkdemo')}; key ${Homey.env.API_KEY}`);
  }

  async onUninit() {
    await require('fs').promises.writeFile('/userdata/stopped.txt', 'stopped cleanly');
  }

  async report() {
    const { total } = await this.demo.get('/');
    const text = this.homey.__('notice', { total });
    await this.homey.notifications.createNotification({ excerpt: text });
    return { text, demoVersion: await this.demo.getVersion(), installed: await this.demo.getInstalled() };
  }
};
