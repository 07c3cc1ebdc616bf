'use strict';

module.exports = {
  async report({ homey }) {
    return homey.app.report();
  },
  async whereAmI({ homey }) {
    return { latitude: homey.geolocation.getLatitude(), longitude: homey.geolocation.getLongitude(), mode: homey.geolocation.getMode() };
  },
};
