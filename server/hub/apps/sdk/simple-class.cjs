'use strict';
const { EventEmitter } = require('node:events');
const { format } = require('node:util');

/** What every SDK class logs with; the hub keeps the app's output (its crash log, the devkit's output). */
class SimpleClass extends EventEmitter {
  /** @param {...any} args */
  log(...args) {
    process.stdout.write(`${format(...args)}\n`);
  }

  /** @param {...any} args */
  error(...args) {
    process.stderr.write(`${format(...args)}\n`);
  }
}

/** The base of `this.homey`'s managers. */
class Manager extends SimpleClass {
  /** @param {any} homey */
  constructor(homey) {
    super();
    /** @type {any} */
    this.homey = homey;
  }
}

module.exports = { SimpleClass, Manager };
