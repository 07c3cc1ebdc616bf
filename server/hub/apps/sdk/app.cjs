'use strict';
const { SimpleClass } = require('./simple-class.cjs');

/** The app's main class (`app.js` exports a subclass): made once, before its drivers. */
class App extends SimpleClass {
  /** @param {{ homey: any }} options */
  constructor({ homey }) {
    super();
    /** @type {any} */
    this.homey = homey;
    /** @type {any} */
    this.manifest = homey.manifest;
    /** @type {string} */
    this.id = homey.manifest.id;
    /** @type {number} */
    this.sdk = homey.manifest.sdk;
  }

  /** @returns {Promise<void>} */
  async onInit() {}

  /** @returns {Promise<void>} */
  async onUninit() {}
}

module.exports = { App };
