'use strict';
const { SimpleClass } = require('./simple-class.cjs');

/** A cloud webhook the app registered (`homey.cloud.createWebhook`): emits 'message' with `{ headers, query, body }` per call. */
class CloudWebhook extends SimpleClass {
  /** @param {any} cloud the app's ManagerCloud @param {{ id: string, secret: string, data: object }} fields */
  constructor(cloud, { id, secret, data }) {
    super();
    this._cloud = cloud;
    /** @type {string} */
    this.id = id;
    /** @type {string} */
    this.secret = secret;
    /** @type {object} */
    this.data = data;
  }

  /** @returns {Promise<any>} */
  unregister() {
    return this._cloud.unregisterWebhook(this);
  }

  /** @returns {{ id: string, secret: string, data: object }} */
  toJSON() {
    return { id: this.id, secret: this.secret, data: this.data };
  }
}

module.exports = { CloudWebhook };
