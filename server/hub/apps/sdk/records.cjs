'use strict';
// What an app keeps on the hub: its insights logs (manager insights, owner `homey:app:<id>`) and its images
// (manager images), each held by the hub and shown in its web API.
// fs looked up at each read, not destructured here: /userdata is mapped onto fs's functions after this loads.
const fs = require('node:fs');
const { join, basename } = require('node:path');
const { PassThrough, Readable } = require('node:stream');
const host = require('./host.cjs');
const { Manager } = require('./simple-class.cjs');

/** A log of the app: its values are recorded by the hub's insights, charted with the devices' logs. */
class InsightsLog {
  /** @param {{ name: string, options: any }} log */
  constructor({ name, options }) {
    this._name = name;
    this._options = options;
  }

  /** @returns {any} */
  get name() {
    return this._name;
  }

  /** @param {number | boolean} value @returns {Promise<any>} */
  createEntry(value) {
    return host.request('insights.createEntry', { id: this._name, value });
  }

  /** @returns {{ name: any, options: any }} */
  toJSON() {
    return { name: this._name, options: { ...this._options } };
  }
}

class ManagerInsights extends Manager {
  /** @returns {Promise<InsightsLog[]>} */
  async getLogs() {
    const logs = await host.request('insights.getLogs');
    return logs.map((log) => new InsightsLog(log));
  }

  /** @param {string} id @returns {Promise<InsightsLog>} */
  async getLog(id) {
    return new InsightsLog(await host.request('insights.getLog', { id: String(id) }));
  }

  /** @param {string} id @param {{ title: string, type: string, units?: string, decimals?: number }} options @returns {Promise<InsightsLog>} */
  async createLog(id, options) {
    return new InsightsLog(await host.request('insights.createLog', { id: String(id), options }));
  }

  /** @param {InsightsLog} log @returns {Promise<any>} */
  deleteLog(log) {
    return host.request('insights.deleteLog', { id: log.name });
  }
}

const CONTENT_TYPES = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.gif': 'image/gif', '.svg': 'image/svg+xml', '.webp': 'image/webp' };
const contentTypeOf = (name) => CONTENT_TYPES[name.slice(name.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream';

/** Every chunk of `stream`, together. */
async function collect(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A picture of the app (a camera's, an album's art): its source is a file, a URL or a stream the app writes. */
class Image {
  /** @param {{ homey: any, id: string }} options */
  constructor({ homey, id }) {
    this._homey = homey;
    /** @type {string | null} */
    this.id = id;
    this._source = undefined;
  }

  /** @param {string} path a file of the app (`/assets/...`) or of its `/userdata` @returns {void} */
  setPath(path) {
    this._source = { path: String(path) };
  }

  /** @param {string} url an https address clients load the picture from @returns {void} */
  setUrl(url) {
    if (!/^https:\/\//.test(String(url))) throw new Error('An image URL starts with https://');
    this._source = { url: String(url) };
  }

  /** @param {Function} source called with a writable stream to write the picture to @returns {void} */
  setStream(source) {
    this._source = { stream: source };
  }

  /** An image of the hub's images manager (a dropped image token's), read from the hub. @param {string} id */
  static ofHub(id) {
    const image = new Image({ homey: null, id });
    image._source = { hub: id };
    return image;
  }

  /** The picture now, with its file name and type. */
  async _read() {
    const source = this._source;
    if (!source) throw new Error('The image has no source: call setPath, setUrl or setStream first');
    if (source.hub) {
      const { filename, contentType, data } = await host.request('images.read', { id: source.hub });
      return { filename, contentType, data: Buffer.from(data, 'base64') };
    }
    if (source.path) {
      const file = source.path.startsWith('/userdata/') ? source.path : join(this._homey.dir, source.path.replace(/^\/+/, ''));
      return { filename: basename(file), contentType: contentTypeOf(file), data: await fs.promises.readFile(file) };
    }
    if (source.url) {
      const response = await fetch(source.url);
      if (!response.ok) throw new Error(`${source.url} answered ${response.status}`);
      const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      return { filename: basename(new URL(source.url).pathname) || 'image', contentType, data: Buffer.from(await response.arrayBuffer()) };
    }
    const stream = new PassThrough();
    const written = collect(stream);
    await source.stream(stream);
    const data = await written;
    return { filename: stream.filename ?? 'image', contentType: stream.contentType ?? 'image/jpeg', data };
  }

  /** Sends the picture from its source to the hub, which shows it from now on. @returns {Promise<any>} */
  async update() {
    if (this._source?.url) return host.request('images.update', { id: this.id, url: this._source.url });
    const { contentType, data } = await this._read();
    return host.request('images.update', { id: this.id, contentType, data: data.toString('base64') });
  }

  /** @returns {Promise<NodeJS.ReadableStream>} */
  async getStream() {
    const { filename, contentType, data } = await this._read();
    return Object.assign(Readable.from([data]), { filename, contentType, contentLength: data.length });
  }

  /** @param {NodeJS.WritableStream} stream @returns {Promise<{ filename: string, contentType: string, contentLength?: number }>} */
  async pipe(stream) {
    const { filename, contentType, data } = await this._read();
    stream.end(data);
    return { filename, contentType, contentLength: data.length };
  }

  /** @returns {Promise<void>} */
  async unregister() {
    await this._homey.images.unregisterImage(this);
  }

  /** @returns {any} */
  toJSON() {
    return { id: this.id, url: `/api/manager/images/image/${this.id}/image` };
  }
}

class ManagerImages extends Manager {
  /** @param {any} homey */
  constructor(homey) {
    super(homey);
    this._images = new Map();
    host.handle('image.refresh', async ({ id }) => this._images.get(id)?.update());
  }

  /** @param {string} id @returns {Image} */
  getImage(id) {
    const image = this._images.get(id);
    if (!image) throw new Error(`Invalid Image ID: ${id}`);
    return image;
  }

  /** A new image of the app on the hub (its picture comes with update()). @returns {Promise<Image>} */
  async createImage() {
    const { id } = await host.request('images.create');
    const image = new Image({ homey: this.homey, id });
    this._images.set(id, image);
    return image;
  }

  /** @param {Image} imageInstance @returns {Promise<void>} */
  async unregisterImage(imageInstance) {
    await host.request('images.unregister', { id: imageInstance.id });
    this._images.delete(imageInstance.id);
  }
}

module.exports = { InsightsLog, ManagerInsights, Image, ManagerImages };
