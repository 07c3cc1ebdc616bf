'use strict';

const fs = require('fs');
const { Device } = require('homey');

class LampDevice extends Device {
  async onInit() {
    this.registerCapabilityListener('onoff', async (value) => {
      this.log(`${this.getName()} at ${this.getStoreValue('address')} turned ${value ? 'on' : 'off'}`);
      await this.setCapabilityValue('measure_power', value ? 40 : 0);
      // The app's own capability (app.json capabilities); null while off, as an SDK app clears a reading.
      await this.setCapabilityValue('lamp_hours', value ? 1.5 : null);
      if (value) await this.driver.turnedOn.trigger(this, { power: 40 }, {});
    });
    if (!this.hasCapability('lamp_hours')) await this.addCapability('lamp_hours');
    this.log(`${this.getName()} initialized`);
  }

  async onAdded() {
    this.log(`${this.getName()} added`);
    await this.setStoreValue('added', true);
    await fs.promises.appendFile('/userdata/added.txt', `${this.getName()}\n`);
  }

  async onSettings({ oldSettings, newSettings, changedKeys }) {
    // What the manifest's bounds cannot say: a cold light does not fade slowly. Throwing refuses the change.
    if (newSettings.mode === 'cold' && newSettings.fade > 5) throw new Error('A cold lamp fades in 5 s at most');
    this.log(`Settings ${changedKeys.join(', ')}: ${changedKeys.map((key) => `${oldSettings[key]} -> ${newSettings[key]}`).join(', ')}`);
  }

  async onRenamed(name) {
    this.log(`Renamed to ${name}`);
  }

  async onDeleted() {
    this.log(`${this.getName()} deleted`);
  }
}

module.exports = LampDevice;
