'use strict';
const { EventEmitter } = require('node:events');
const host = require('./host.cjs');
const { Manager } = require('./simple-class.cjs');

/**
 * A web API of the hub an app calls: a manager's (`homey:manager:<id>`), reached over the hub's web API as the app
 * (ManagerApi#_request), or another app's (`homey:app:<id>`, the ApiApp). Registered (ManagerApi#getApi), it emits
 * `realtime` with each event of its uri.
 */
class Api extends EventEmitter {
  /** @param {string} type @param {string} id @param {any} [managerApi] the app's ManagerApi, which registers and calls it */
  constructor(type, id, managerApi) {
    super();
    /** @type {string} */
    this.type = type;
    /** @type {string} */
    this.id = id;
    this._managerApi = managerApi;
  }

  _call(method, path, body) {
    if (this.type === 'app') return host.request('api.call', { appId: this.id, method, path, body });
    return this._managerApi._request(method, `manager/${this.id}/${String(path).replace(/^\/+/, '')}`, body);
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
    this._managerApi?._forget(this);
    this.removeAllListeners();
  }
}

/** Another app's web API (its app.json `api` routes, answered by its api.js). */
class ApiApp extends Api {
  /** @param {string} appId @param {any} [managerApi] */
  constructor(appId, managerApi) {
    super('app', appId, managerApi);
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
const MANAGER_URI = /^homey:manager:([a-z-]+)$/;

class ManagerApi extends Manager {
  /** @param {any} homey @param {string[]} managers the hub's managers (`/api/manager/<id>`), as the hub told them */
  constructor(homey, managers) {
    super(homey);
    this._managers = new Set(managers);
    /** The registered Apis by uri: each hears the realtime events of its uri. */
    this._apis = new Map();
    host.handle('api.realtime', ({ uri, event, data }) => this._apis.get(uri)?.emit('realtime', event, data));
  }

  /** The registered Api of `uri`, or a new one (`make`) that the hub tells its realtime events when the app may call it. */
  _register(uri, make) {
    if (!this._apis.has(uri)) {
      const api = make();
      this._apis.set(uri, api);
      if (this.hasApi(uri)) host.request('api.follow', { uri }).catch((error) => this.error(`${uri}: ${error.message}`));
    }
    return this._apis.get(uri);
  }

  /** Unregisters `api`: it hears no more events. */
  _forget(api) {
    const uri = `homey:${api.type}:${api.id}`;
    if (this._apis.get(uri) !== api) return;
    this._apis.delete(uri);
    host.request('api.unfollow', { uri }).catch((error) => this.error(`${uri}: ${error.message}`));
  }

  /** A call of the hub's web API (`uri` relative to /api) over HTTP, as the hub's owner (needs `homey:manager:api`). */
  async _request(method, uri, body) {
    const [url, token] = await Promise.all([this.getLocalUrl(), this.getOwnerApiToken()]);
    const response = await fetch(`${url}/api/${String(uri).replace(/^\/+/, '')}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const answer = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw Object.assign(new Error(answer?.error_description ?? `${method} ${uri} answered ${response.status}`), { statusCode: response.status });
    return answer;
  }

  /** @param {string} uri @returns {Promise<any>} */
  get(uri) {
    return this._request('GET', uri);
  }

  /** @param {string} uri @param {any} body @returns {Promise<any>} */
  post(uri, body) {
    return this._request('POST', uri, body ?? {});
  }

  /** @param {string} uri @param {any} body @returns {Promise<any>} */
  put(uri, body) {
    return this._request('PUT', uri, body ?? {});
  }

  /** @param {string} uri @returns {Promise<any>} */
  delete(uri) {
    return this._request('DELETE', uri);
  }

  /** Sends `event` to the realtime subscribers of `homey:app:<appId>`. @param {string} event @param {any} data @returns {any} */
  realtime(event, data) {
    host.post({ type: 'realtime', event: String(event), data: data === undefined ? null : JSON.parse(JSON.stringify(data)) });
  }

  /** The manager of `homey:manager:<id>` this hub has, if any. */
  _manager(uri) {
    const manager = MANAGER_URI.exec(uri)?.[1];
    return manager !== undefined && this._managers.has(manager) ? manager : undefined;
  }

  /**
   * Another app's API (`homey:app:<id>`) or a manager's of the hub (`homey:manager:<id>`, called as the app: it needs
   * the permission `homey:manager:api`, or the hub refuses each call). What is neither throws.
   * @param {string} uri @returns {Api}
   */
  getApi(uri) {
    const app = APP_URI.exec(uri);
    if (app) return this.getApiApp(app[1]);
    const manager = this._manager(uri);
    if (manager === undefined) throw new Error(`Invalid API: ${uri} (an API is homey:app:<id> or homey:manager:<id> of a manager this hub has)`);
    return this._register(uri, () => new Api('manager', manager, this));
  }

  /** Whether the app may call the API of `uri` (it holds its permission). @param {any} uri @returns {boolean} */
  hasApi(uri) {
    const app = APP_URI.exec(uri);
    if (app) return this.hasApiApp(app[1]);
    return this._manager(uri) !== undefined && this.homey.hasPermission('homey:manager:api');
  }

  /** @param {string} appId @returns {ApiApp} */
  getApiApp(appId) {
    return this._register(`homey:app:${appId}`, () => new ApiApp(String(appId), this));
  }

  /** Whether the app asked for another app's API (permission `homey:app:<appId>`). @param {any} appId @returns {boolean} */
  hasApiApp(appId) {
    return (this.homey.manifest.permissions ?? []).includes(`homey:app:${appId}`);
  }

  /** @param {Api} api @returns {void} */
  unregisterApi(api) {
    api.unregister();
  }

  /** A token of the hub's owner for the web API (needs `homey:manager:api`). @returns {Promise<string>} */
  getOwnerApiToken() {
    return host.request('api.ownerToken');
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
