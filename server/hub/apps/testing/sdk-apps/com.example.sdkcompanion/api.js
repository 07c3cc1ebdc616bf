'use strict';

module.exports = {
  async report({ homey }) {
    return homey.app.report();
  },
  async system({ homey }) {
    return homey.app.system();
  },
  async whereAmI({ homey }) {
    return { latitude: homey.geolocation.getLatitude(), longitude: homey.geolocation.getLongitude(), mode: homey.geolocation.getMode() };
  },
};
