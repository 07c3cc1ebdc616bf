'use strict';

const Homey = require('homey');

module.exports = class HardwareApp extends Homey.App {
  async onInit() {
    this.heard = [];
    this.chime = this.homey.rf.getSignal433('chime');
    this.chime.on('payload', (payload) => this.heard.push(payload));
    await this.chime.enableRX();
    const doors = [{ id: 'front', name: 'Front door' }, { id: 'back', name: 'Back door' }];
    this.homey.dashboards.getWidget('visitors').registerSettingAutocompleteListener('door', async (query) =>
      doors.filter((door) => door.name.toLowerCase().includes(query.toLowerCase())));
    this.log('Listening for the chime');
  }

  /** The doorbell this app paired. */
  doorbell() {
    const [device] = this.homey.drivers.getDriver('doorbell').getDevices();
    if (!device) throw new Error('Pair the doorbell first');
    return device;
  }

  async sound() {
    const first = await this.homey.audio.playWav('ding', '/assets/ding.wav');
    const again = await this.homey.audio.playWav('ding');
    await this.homey.audio.removeWav('ding');
    const removed = await this.homey.audio.playWav('ding').catch((error) => error.message);
    const notWav = await this.homey.audio.playWav('picture', '/assets/picture.png').catch((error) => error.message);
    return { first, again, removed, notWav };
  }

  async ring() {
    const red = { r: 255, g: 0, b: 0 };
    const off = { r: 0, g: 0, b: 0 };
    this.animation = await this.homey.ledring.createAnimation({
      frames: [Array.from({ length: 24 }, (_, index) => (index % 2 ? red : off)), Array.from({ length: 24 }, (_, index) => (index % 2 ? off : red))],
      priority: 'INFORMATIVE',
      transition: 500,
      duration: false,
      options: { fps: 1, tfps: 60, rpm: 0 },
    });
    await this.homey.ledring.registerAnimation(this.animation);
    await this.animation.start();
  }

  async visitors() {
    const log = await this.homey.insights.createLog('visitors', { title: 'Visitors', type: 'number', units: 'people', decimals: 0 });
    await log.createEntry(3);
    await log.createEntry(5);
    const twice = await this.homey.insights.createLog('visitors', { title: 'Visitors', type: 'number' }).catch((error) => error.message);
    const wrong = await log.createEntry(true).catch((error) => error.message);
    const logs = await this.homey.insights.getLogs();
    return { logs: logs.map((each) => each.toJSON()), twice, wrong };
  }

  async snapshot() {
    const image = await this.homey.images.createImage();
    image.setPath('/assets/picture.png');
    await image.update();
    await this.doorbell().setCameraImage('front', 'Front door', image);
    // A picture the app writes itself, as camera apps do, and one clients load from its address.
    const drawn = await this.homey.images.createImage();
    drawn.setStream(async (stream) => {
      stream.contentType = 'image/svg+xml';
      stream.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    });
    await drawn.update();
    const cover = await this.homey.images.createImage();
    cover.setUrl('https://example.com/cover.jpg');
    await cover.update();
    await this.doorbell().setAlbumArtImage(cover);
    return { id: image.id, drawn: drawn.id, cover: cover.id, same: this.homey.images.getImage(image.id) === image };
  }

  async radio() {
    const sent = await this.chime.tx([1, 0, 0, 1]);
    const ring = await this.homey.rf.cmd(this.chime, 'ring');
    const tv = await this.homey.rf.getSignalInfrared('tv').cmd('power');
    const unknown = await this.chime.tx([2]).catch((error) => error.message);
    return { sent, ring, tv, unknown };
  }

  async beacons() {
    const all = await this.homey.ble.discover();
    const batteries = await this.homey.ble.discover(['180f']);
    const found = batteries[0] && (await this.homey.ble.find(batteries[0].uuid));
    const connect = found && (await found.connect().catch((error) => error.message));
    return { all: all.map((ad) => ad.localName), batteries: batteries.map((ad) => ad.localName), found: found?.address, connect };
  }

  /** A blue wave round the ring as the screensaver "waves" of app.json; a name app.json does not have is refused. */
  async screensaver() {
    const blue = { r: 0, g: 0, b: 255 };
    const off = { r: 0, g: 0, b: 0 };
    this.waves = await this.homey.ledring.createAnimation({
      frames: [0, 1].map((phase) => Array.from({ length: 24 }, (_, index) => (index % 2 === phase ? blue : off))),
      priority: 'INFORMATIVE',
      transition: 1000,
      duration: false,
    });
    await this.homey.ledring.registerScreensaver('waves', this.waves);
    return { unknown: await this.waves.registerScreensaver('stars').catch((error) => error.message) };
  }

  /** The hub's managers through their APIs, as this app (it has the permission homey:manager:api); the ring's events it hears. */
  async managers() {
    if (!this.ringEvents) {
      this.ringEvents = [];
      this.homey.api.getApi('homey:manager:ledring').on('realtime', (event, data) => this.ringEvents.push({ event, data }));
    }
    const zones = await this.homey.api.getApi('homey:manager:zones').get('/zone/');
    const invalid = (() => {
      try {
        return this.homey.api.getApi('homey:manager:teleporter');
      } catch (error) {
        return error.message;
      }
    })();
    const missing = await this.homey.api.getApi('homey:manager:zones').delete('/zone/nowhere').catch((error) => error.message);
    return {
      zones: Object.values(zones).map((zone) => zone.name).sort(),
      hasZones: this.homey.api.hasApi('homey:manager:zones'),
      hasTeleporter: this.homey.api.hasApi('homey:manager:teleporter'),
      invalid,
      missing,
      ringEvents: this.ringEvents,
    };
  }

  async zones() {
    const zones = await this.homey.api.get('/manager/zones/zone/');
    const url = await this.homey.api.getLocalUrl();
    const address = await this.homey.cloud.getLocalAddress();
    return { names: Object.values(zones).map((zone) => zone.name).sort(), sameHost: url.endsWith(address) };
  }
};
