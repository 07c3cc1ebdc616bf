'use strict';

const Homey = require('homey');

module.exports = class DoorbellDriver extends Homey.Driver {
  /** Its first view asks for the code on the doorbell's back; the screen confirms it before the list shows. */
  async onPair(session) {
    session.setHandler('code', async (code) => {
      if (code !== '1234') return { accepted: false };
      const confirmed = await session.emit('confirm_code', { code });
      if (confirmed) await session.showView('list_devices');
      return { accepted: confirmed === true };
    });
    session.setHandler('disconnect', async () => this.log('Pairing ended'));
  }

  async onRepair(session, device) {
    session.setHandler('code', async () => {
      await device.setStoreValue('repaired', true);
      await session.done();
      return device.getName();
    });
  }

  /** Its unpair view says goodbye to the doorbell first. */
  async onUnpair(session, device) {
    this.log(`Unpairing ${device.getName()}`);
    session.setHandler('farewell', async () => {
      await session.showView('farewell');
      return `Goodbye, ${device.getName()}`;
    });
  }

  async onPairListDevices() {
    return [{ name: 'Front door', data: { id: 'front' } }];
  }
};
