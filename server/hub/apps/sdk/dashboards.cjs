'use strict';
// The app's widgets of app.json `widgets`: offered on the hub's dashboards while the app runs; their autocomplete
// settings answered by the app's listeners.
const host = require('./host.cjs');
const { Manager } = require('./simple-class.cjs');

class Widget {
  constructor(id) {
    this._id = id;
    this._listeners = new Map();
  }

  /** @param {string} name a setting of type autocomplete @param {(query: string, settings: any) => any} listener @returns {Widget} */
  registerSettingAutocompleteListener(name, listener) {
    this._listeners.set(name, listener);
    return this;
  }

  _suggest(name, query, settings) {
    const listener = this._listeners.get(name);
    if (!listener) throw new Error(`Widget ${this._id} has no autocomplete listener for its setting ${name}`);
    return listener(query, settings);
  }
}

class ManagerDashboards extends Manager {
  /** @param {any} homey */
  constructor(homey) {
    super(homey);
    this._widgets = new Map();
    host.handle('widget.autocomplete', ({ widgetId, settingId, query, settings }) => this.getWidget(widgetId)._suggest(settingId, query, settings ?? {}));
  }

  /** Offers the app's widgets on the dashboards (the app started). */
  _register() {
    const widgets = this.homey.manifest.widgets;
    return widgets && Object.keys(widgets).length > 0 ? host.request('dashboards.register', { widgets }) : undefined;
  }

  /** @param {string} id a widget of app.json @returns {Widget} */
  getWidget(id) {
    if (!Object.hasOwn(this.homey.manifest.widgets ?? {}, id)) throw new Error(`Invalid Widget ID: ${id}`);
    if (!this._widgets.has(id)) this._widgets.set(id, new Widget(id));
    return this._widgets.get(id);
  }
}

module.exports = { ManagerDashboards, Widget };
