'use strict';
const host = require('./host.cjs');
const { Manager } = require('./simple-class.cjs');

/** The app's settings, kept by the hub (appsettings); 'set' and 'unset' tell who listens, the app's own changes too. */
class ManagerSettings extends Manager {
  /** @param {any} homey @param {any} store the runner's settings (worker/runner.js) */
  constructor(homey, store) {
    super(homey);
    this._store = store;
    store.on('change', (key, kind) => this.emit(kind, key));
  }

  /** @returns {string[]} */
  getKeys() {
    return this._store.getKeys();
  }

  /** @param {string} key @returns {any} */
  get(key) {
    return this._store.get(key);
  }

  /** @param {string} key @param {any} value @returns {void} */
  set(key, value) {
    this._store.set(key, value);
    this.emit('set', key);
  }

  /** @param {string} key @returns {void} */
  unset(key) {
    this._store.unset(key);
    this.emit('unset', key);
  }
}

/** `key` read in `strings` by its dotted path. */
const lookup = (strings, key) => key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), strings);

/** The app's texts in the hub's language (`locales/<language>.json`, English when missing). */
class ManagerI18n extends Manager {
  /** @param {any} homey @param {{ language: string, units: string, locales: Record<string, any> }} options */
  constructor(homey, { language, units, locales }) {
    super(homey);
    this._language = language;
    this._units = units;
    this._locales = locales;
  }

  /**
   * A text by key (`'errors.offline'`) or per language (`{ en, nl }`), with `__tag__` replaced by `tags.tag`.
   * @param {string | object} key @param {object} [tags] @returns {string}
   */
  __(key, tags = {}) {
    const pick = (texts) => (texts && typeof texts === 'object' ? (texts[this._language] ?? texts.en) : undefined);
    const text = typeof key === 'string'
      ? (lookup(this._locales[this._language], key) ?? lookup(this._locales.en, key) ?? key)
      : pick(key);
    if (typeof text !== 'string') return typeof key === 'string' ? key : '';
    return text.replace(/__([A-Za-z0-9_]+)__/g, (whole, tag) => (Object.hasOwn(tags, tag) ? String(tags[tag]) : whole));
  }

  /** @returns {string} */
  getLanguage() {
    return this._language;
  }

  /** @returns {string} */
  getUnits() {
    return this._units;
  }

  /** @returns {any} */
  getStrings() {
    return this._locales[this._language] ?? this._locales.en ?? {};
  }
}

class ManagerClock extends Manager {
  /** @param {any} homey @param {string} timezone */
  constructor(homey, timezone) {
    super(homey);
    this._timezone = timezone;
  }

  /** @returns {string} */
  getTimezone() {
    return this._timezone;
  }
}

/** Where the home is, as the hub knew it when the app started. */
class ManagerGeolocation extends Manager {
  /** @param {any} homey @param {{ latitude: number, longitude: number, accuracy: number, mode: string }} location */
  constructor(homey, location) {
    super(homey);
    this._location = location;
  }

  /** @returns {number} */
  getLatitude() {
    return this._location.latitude;
  }

  /** @returns {number} */
  getLongitude() {
    return this._location.longitude;
  }

  /** @returns {number} */
  getAccuracy() {
    return this._location.accuracy;
  }

  /** @returns {string} */
  getMode() {
    return this._location.mode;
  }
}

class ManagerNotifications extends Manager {
  /** A notification on the home's timeline, from the app. @param {{ excerpt: string }} notification @returns {Promise<void>} */
  async createNotification({ excerpt }) {
    await host.request('notification', { excerpt: String(excerpt) });
  }
}

class ManagerDrivers extends Manager {
  /** @param {any} homey @param {Map<string, any>} drivers */
  constructor(homey, drivers) {
    super(homey);
    this._drivers = drivers;
  }

  /** @param {string} driverId @returns {any} */
  getDriver(driverId) {
    const driver = this._drivers.get(driverId);
    if (!driver) throw new Error(`Invalid Driver ID: ${driverId}`);
    return driver;
  }

  /** @returns {{ [x: string]: any }} */
  getDrivers() {
    return Object.fromEntries(this._drivers);
  }
}

/**
 * Speech input: the hub has no microphone and the platform no operation through which a person answers, so a
 * question Homey asks can never be answered; ask and confirm reject at once saying so (docs/apps.md).
 */
class ManagerSpeechInput extends Manager {
  /** @param {string} text @param {{ session?: object, timeout?: number }} [opts] @returns {Promise<string>} */
  async ask(text, opts) {
    throw noListener('ask', text, opts);
  }

  /** @param {string} text @param {{ session?: object, timeout?: number }} [opts] @returns {Promise<boolean>} */
  async confirm(text, opts) {
    throw noListener('confirm', text, opts);
  }
}

const noListener = (method, text, opts) => {
  const session = opts?.session ? ' in that session' : '';
  const error = new Error(`ManagerSpeechInput.${method}("${String(text).slice(0, 255)}"): this hub has no microphone and no speech session${session}, so no answer can come`);
  error.code = 'not_available';
  return error;
};

module.exports = { ManagerSettings, ManagerI18n, ManagerClock, ManagerGeolocation, ManagerNotifications, ManagerDrivers, ManagerSpeechInput };
