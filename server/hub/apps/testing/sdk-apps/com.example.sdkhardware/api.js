'use strict';

module.exports = {
  sound: ({ homey }) => homey.app.sound(),
  say: ({ homey, body }) => homey.speechOutput.say(body.text),
  ring: ({ homey }) => homey.app.ring(),
  stopRing: ({ homey }) => homey.app.animation.stop(),
  logVisitors: ({ homey }) => homey.app.visitors(),
  snapshot: ({ homey }) => homey.app.snapshot(),
  warn: async ({ homey, body }) => {
    const device = homey.app.doorbell();
    if (body.message) await device.setWarning(body.message);
    else await device.unsetWarning();
  },
  radio: ({ homey }) => homey.app.radio(),
  heard: ({ homey }) => homey.app.heard,
  beacons: ({ homey }) => homey.app.beacons(),
  mac: ({ homey, params }) => homey.arp.getMAC(params.ip),
  zones: ({ homey }) => homey.app.zones(),
  screensaver: ({ homey }) => homey.app.screensaver(),
  dropScreensaver: ({ homey }) => homey.app.waves.unregisterScreensaver('waves'),
  managers: ({ homey }) => homey.app.managers(),
  discovered: ({ homey }) => Object.fromEntries(['bridge', 'renderer', 'plugs'].map((id) => [id, Object.keys(homey.discovery.getStrategy(id).getDiscoveryResults())])),
};
