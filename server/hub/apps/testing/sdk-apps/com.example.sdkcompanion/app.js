'use strict';

const fs = require('fs');
const Homey = require('homey');

module.exports = class CompanionApp extends Homey.App {
  async onInit() {
    this.demo = this.homey.api.getApiApp('com.example.sdkdemo');
    this.homey.settings.on('set', (key) => {
      this.homey.api.realtime('setting_changed', { key, value: this.homey.settings.get(key) });
    });
    this.log(`Language ${this.homey.i18n.getLanguage()}, timezone set: ${Boolean(this.homey.clock.getTimezone())}`);
    this.log(`May call the demo: ${this.homey.api.hasApiApp('com.example.sdkdemo')}; key ${Homey.env.API_KEY}`);
    // Told it stops, it puts its things away (the hub waits for the promise) before its onUninit runs.
    fs.rmSync('/userdata/unloaded.txt', { force: true });
    this.homey.on('unload', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await fs.promises.writeFile('/userdata/unloaded.txt', 'unload heard');
    });
  }

  async onUninit() {
    const unloaded = fs.existsSync('/userdata/unloaded.txt');
    await fs.promises.writeFile('/userdata/stopped.txt', unloaded ? 'stopped cleanly after unload' : 'stopped cleanly');
  }

  /** The hub's system manager, which it may not call: it did not ask for the permission homey:manager:api. */
  async system() {
    const answer = await this.homey.api.getApi('homey:manager:system').get('/').catch((error) => error.message);
    return { may: this.homey.api.hasApi('homey:manager:system'), answer };
  }

  async report() {
    const { total } = await this.demo.get('/');
    const text = this.homey.__('notice', { total });
    await this.homey.notifications.createNotification({ excerpt: text });
    return { text, demoVersion: await this.demo.getVersion(), installed: await this.demo.getInstalled() };
  }
};
