'use strict';
const { EventEmitter } = require('node:events');
const host = require('./host.cjs');
const { Manager, unavailable } = require('./simple-class.cjs');

/** A web API another part of the hub offers an app; an app's (`homey:app:<id>`) is the ApiApp. */
class Api extends EventEmitter {
  /** @param {string} type @param {string} id */
  constructor(type, id) {
    super();
    /** @type {string} */
    this.type = type;
    /** @type {string} */
    this.id = id;
  }

  _call(method, path, body) {
    if (this.type !== 'app') throw unavailable(`The API of ${this.type} ${this.id}`);
    return host.request('api.call', { appId: this.id, method, path, body });
  }

  /** @param {string} uri @returns {Promise<any>} */
  get(uri) {
    return this._call('GET', uri);
  }

  /** @param {string} uri @param {any} body @returns {Promise<any>} */
  post(uri, body) {
    return this._call('POST', uri, body);
  }

  /** @param {string} uri @param {any} body @returns {Promise<any>} */
  put(uri, body) {
    return this._call('PUT', uri, body);
  }

  /** @param {string} uri @returns {Promise<any>} */
  delete(uri) {
    return this._call('DELETE', uri);
  }

  /** @returns {void} */
  unregister() {
    this.removeAllListeners();
  }
}

/** Another app's web API (its app.json `api` routes, answered by its api.js). */
class ApiApp extends Api {
  /** @param {string} appId */
  constructor(appId) {
    super('app', appId);
  }

  /** @returns {Promise<boolean>} */
  async getInstalled() {
    return (await host.request('apps.get', { appId: this.id })).installed;
  }

  /** @returns {Promise<string>} */
  async getVersion() {
    return (await host.request('apps.get', { appId: this.id })).version;
  }
}

const APP_URI = /^homey:app:([^:]+)$/;

class ManagerApi extends Manager {
  /** @param {string} _uri @returns {Promise<any>} */
  async get(_uri) {
    throw unavailable('ManagerApi.get (the hub\'s own web API)');
  }

  /** @param {string} _uri @param {any} _body @returns {Promise<any>} */
  async post(_uri, _body) {
    throw unavailable('ManagerApi.post (the hub\'s own web API)');
  }

  /** @param {string} _uri @param {any} _body @returns {Promise<any>} */
  async put(_uri, _body) {
    throw unavailable('ManagerApi.put (the hub\'s own web API)');
  }

  /** @param {string} _uri @returns {Promise<any>} */
  async delete(_uri) {
    throw unavailable('ManagerApi.delete (the hub\'s own web API)');
  }

  /** Sends `event` to the realtime subscribers of `homey:app:<appId>`. @param {string} event @param {any} data @returns {any} */
  realtime(event, data) {
    host.post({ type: 'realtime', event: String(event), data: data === undefined ? null : JSON.parse(JSON.stringify(data)) });
  }

  /** @param {string} uri @returns {Api} */
  getApi(uri) {
    const app = APP_URI.exec(uri);
    if (app) return this.getApiApp(app[1]);
    throw unavailable(`The API ${uri}`);
  }

  /** @param {any} uri @returns {boolean} */
  hasApi(uri) {
    const app = APP_URI.exec(uri);
    return Boolean(app) && this.hasApiApp(app[1]);
  }

  /** @param {string} appId @returns {ApiApp} */
  getApiApp(appId) {
    return new ApiApp(appId);
  }

  /** Whether the app asked for another app's API (permission `homey:app:<appId>`). @param {any} appId @returns {boolean} */
  hasApiApp(appId) {
    return (this.homey.manifest.permissions ?? []).includes(`homey:app:${appId}`);
  }

  /** @param {Api} api @returns {void} */
  unregisterApi(api) {
    api.unregister();
  }

  /** @returns {Promise<string>} */
  async getOwnerApiToken() {
    throw unavailable('ManagerApi.getOwnerApiToken');
  }

  /** @returns {Promise<string>} */
  async getLocalUrl() {
    return host.request('api.localUrl');
  }
}

class ManagerApps extends Manager {
  /** @param {ApiApp} appInstance @returns {Promise<boolean>} */
  getInstalled(appInstance) {
    return appInstance.getInstalled();
  }

  /** @param {ApiApp} appInstance @returns {Promise<string>} */
  getVersion(appInstance) {
    return appInstance.getVersion();
  }
}

module.exports = { Api, ApiApp, ManagerApi, ManagerApps };
