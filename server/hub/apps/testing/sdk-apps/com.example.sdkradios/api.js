'use strict';

module.exports = {
  bulb: ({ homey }) => homey.app.device('bulb').describe(),
  bulbOn: ({ homey, body }) => homey.app.device('bulb').switch(body.on === true),
  bulbRead: ({ homey }) => homey.app.device('bulb').readOnOff(),
  bulbToggle: ({ homey }) => homey.app.device('bulb').toggleByClusters(),
  lock: ({ homey }) => homey.app.device('lock').describe(),
  lockSet: ({ homey, body }) => homey.app.device('lock').lock(body.locked === true),
  lockBattery: ({ homey }) => homey.app.device('lock').battery(),
  colorbulb: ({ homey, body }) => homey.app.device('colorbulb').colour(body),
  contact: ({ homey }) => homey.app.device('contact').describe(),
  socketMeter: ({ homey, body }) => homey.app.device('socket').meter(body),
  socketConfigure: ({ homey, body }) => homey.app.device('socket').configure(body),
  thermometerConnect: ({ homey }) => homey.app.thermometer.connect(),
  thermometer: ({ homey }) => homey.app.thermometer.describe(),
  beacon: ({ homey, body }) => homey.app.thermometer.beacon(body.address),
  ask: ({ homey }) => homey.app.ask(),
};
