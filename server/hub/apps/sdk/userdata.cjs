'use strict';
// An SDK v3 app keeps its files in `/userdata/...`: in the app's worker that path is the app's own folder in the
// hub's data (kept across restarts and updates, removed with the app), so that apps run unmodified.
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');

const USERDATA = '/userdata';
/** The fs functions whose second argument is a path too. */
const TWO_PATHS = new Set(['rename', 'renameSync', 'copyFile', 'copyFileSync', 'link', 'linkSync', 'symlink', 'symlinkSync', 'cp', 'cpSync']);

/** Points every fs function (callback, sync and promise) that takes paths at `dir` for paths under /userdata. */
function mapUserdata(dir) {
  const mapped = (path) => (typeof path === 'string' && (path === USERDATA || path.startsWith(`${USERDATA}/`)) ? dir + path.slice(USERDATA.length) : path);
  const wrap = (target) => {
    for (const [name, original] of Object.entries(target)) {
      // Classes (Stats, ReadStream ...) and what is no function stay as they are.
      if (typeof original !== 'function' || /^[A-Z]/.test(name)) continue;
      const withUserdata = function withUserdata(...args) {
        args[0] = mapped(args[0]);
        if (TWO_PATHS.has(name) && args.length > 1) args[1] = mapped(args[1]);
        return original.apply(this, args);
      };
      // What hangs on the function (realpath.native, promisify's custom form of exists) hangs on its wrapper too.
      const { prototype: _prototype, ...properties } = Object.getOwnPropertyDescriptors(original);
      target[name] = Object.defineProperties(withUserdata, properties);
    }
  };
  wrap(fs);
  wrap(fs.promises);
  // `import { readFile } from 'node:fs'` in an ES module app sees the wrapped functions too.
  syncBuiltinESMExports();
}

module.exports = { mapUserdata };
