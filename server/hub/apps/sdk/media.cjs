'use strict';
// The managers that make a sound or a light on the hub: audio, speech output and the LED ring.
const { EventEmitter } = require('node:events');
const { readFile } = require('node:fs/promises');
const { join } = require('node:path');
const host = require('./host.cjs');
const { Manager } = require('./simple-class.cjs');

/** A sample as the hub takes it: a Buffer, or a path inside the app (`/assets/ding.wav`), read here. */
async function sampleData(homey, sample) {
  if (sample === undefined) return undefined;
  const data = Buffer.isBuffer(sample) ? sample : await readFile(join(homey.dir, String(sample).replace(/^\/+/, '')));
  return data.toString('base64');
}

/** The hub's speaker: samples the app registers by id, played at the hub's volume (manager audio's `play`). */
class ManagerAudio extends Manager {
  /** @param {string} sampleId @param {string | Buffer} [sample] @returns {Promise<any>} */
  async playWav(sampleId, sample) {
    return host.request('audio.play', { format: 'wav', sampleId: String(sampleId), data: await sampleData(this.homey, sample) });
  }

  /** @param {string} sampleId @param {string | Buffer} [sample] @returns {Promise<any>} */
  async playMp3(sampleId, sample) {
    return host.request('audio.play', { format: 'mp3', sampleId: String(sampleId), data: await sampleData(this.homey, sample) });
  }

  /** @param {string} sampleId @returns {Promise<any>} */
  removeWav(sampleId) {
    return host.request('audio.remove', { format: 'wav', sampleId: String(sampleId) });
  }

  /** @param {string} sampleId @returns {Promise<any>} */
  removeMp3(sampleId) {
    return host.request('audio.remove', { format: 'mp3', sampleId: String(sampleId) });
  }
}

class ManagerSpeechOutput extends Manager {
  /** Speaks `text` with the hub's voice (manager speech-output's `say`). @param {string} text @param {{ session: object }} [opts] @returns {Promise<any>} */
  say(text, opts) {
    return host.request('speechOutput.say', { text: String(text), session: opts?.session === undefined ? undefined : String(opts.session) });
  }
}

/** An animation of the app for the LED ring: frames of colours, played by the hub's ring once started. */
class LedringAnimation extends EventEmitter {
  /** @param {{ opts: any, system?: string }} options */
  constructor({ opts, system }) {
    super();
    /** @type {any} */
    this.opts = opts;
    this._system = system;
    this._id = undefined;
    /** The screensavers of app.json this animation plays as, by name. */
    this._screensavers = new Set();
  }

  /** @returns {Promise<any>} */
  async start() {
    this._id = await host.request('ledring.start', { animation: this.toJSON(), system: this._system });
    this.emit('start');
  }

  /** @returns {Promise<any>} */
  async stop() {
    if (this._id === undefined) return;
    const id = this._id;
    this._id = undefined;
    await host.request('ledring.stop', { id });
    this.emit('stop');
  }

  /** @param {Array<{ r: number, g: number, b: number }>} frames @returns {Promise<any>} */
  async updateFrames(frames) {
    this.opts = { ...this.opts, frames };
    if (this._id !== undefined) await this.start();
    for (const name of this._screensavers) await this.registerScreensaver(name);
  }

  /** @returns {Promise<any>} */
  async unregister() {
    await this.stop();
    return this;
  }

  /**
   * Plays this animation's frames as the screensaver `screensaverName` of app.json `screensavers`: listed by the ring
   * (`homey:app:<id>:<name>`) while the app runs, shown when a user chooses it (needs `homey:manager:ledring`).
   * @param {string} screensaverName @returns {Promise<any>}
   */
  async registerScreensaver(screensaverName) {
    await host.request('ledring.registerScreensaver', { name: String(screensaverName), animation: this.toJSON() });
    this._screensavers.add(String(screensaverName));
  }

  /** @param {string} screensaverName @returns {Promise<any>} */
  async unregisterScreensaver(screensaverName) {
    await host.request('ledring.unregisterScreensaver', { name: String(screensaverName) });
    this._screensavers.delete(String(screensaverName));
  }

  /** @returns {any} */
  toJSON() {
    return { ...this.opts };
  }
}

/** One of the hub's own animations (its catalogue), played for the app. */
class LedringAnimationSystem extends LedringAnimation {}

/** A progress animation: the ring fills to `progress` (0..1) in its colour. */
class LedringAnimationSystemProgress extends LedringAnimationSystem {
  /** @param {number} progress @returns {Promise<any>} */
  async setProgress(progress) {
    this.opts = { ...this.opts, progress: Math.min(1, Math.max(0, Number(progress))) };
    if (this._id !== undefined) await this.start();
  }
}

class ManagerLedring extends Manager {
  /** @param {any} opts @returns {Promise<any>} */
  async createAnimation(opts) {
    if (!Array.isArray(opts?.frames) || opts.frames.length === 0) throw new Error('A ring animation needs frames');
    return new LedringAnimation({ opts });
  }

  /** One of the hub's own animations (its catalogue: `pulse`, `loading`, ...). @param {string} systemId @param {any} [opts] @returns {Promise<any>} */
  async createSystemAnimation(systemId, opts = {}) {
    return new LedringAnimationSystem({ opts, system: String(systemId) });
  }

  /** @param {any} [opts] @returns {Promise<any>} */
  async createProgressAnimation(opts = {}) {
    return new LedringAnimationSystemProgress({ opts: { ...opts, progress: 0 }, system: 'progress' });
  }

  /** @param {LedringAnimation} animation @returns {Promise<any>} */
  async registerAnimation(animation) {
    return animation;
  }

  /** @param {LedringAnimation} animation @returns {Promise<any>} */
  unregisterAnimation(animation) {
    return animation.unregister();
  }

  /** @param {string} name @param {LedringAnimation} animation @returns {Promise<any>} */
  registerScreensaver(name, animation) {
    return animation.registerScreensaver(name);
  }

  /** @param {string} name @param {LedringAnimation} animation @returns {Promise<any>} */
  unregisterScreensaver(name, animation) {
    return animation.unregisterScreensaver(name);
  }
}

module.exports = { ManagerAudio, ManagerSpeechOutput, ManagerLedring, LedringAnimation, LedringAnimationSystem, LedringAnimationSystemProgress };
