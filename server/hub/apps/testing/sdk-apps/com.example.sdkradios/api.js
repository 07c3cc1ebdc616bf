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
  ask: ({ homey }) => homey.app.ask(),
};
