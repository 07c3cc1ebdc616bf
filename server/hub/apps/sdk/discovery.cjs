'use strict';
// Discovery: the strategies of app.json `discovery` (mdns-sd, ssdp, mac) matched against what the hub's discovery
// finds on its network (simulated: the devkit manager's discovery results), and the devices of the drivers that use them.
const host = require('./host.cjs');
const { SimpleClass, Manager } = require('./simple-class.cjs');

/** A device found on the network, as a strategy sees it. */
class DiscoveryResult extends SimpleClass {
  /** @param {any} found what the hub found @param {string} id its id by the strategy's `id` template */
  constructor(found, id) {
    super();
    /** @type {string} */
    this.id = id;
    /** @type {Date} */
    this.lastSeen = new Date(found.lastSeen);
    /** @type {string} */
    this.address = found.address;
    if (found.port !== undefined) this.port = String(found.port);
    if (found.type === 'mdns-sd') Object.assign(this, { txt: found.txt ?? {}, name: found.name, host: found.host ?? '', fullname: `${found.id}._${found.name}._${found.protocol}.local` });
    if (found.type === 'ssdp') this.headers = found.headers ?? {};
    if (found.type === 'mac') this.mac = found.mac;
  }
}

/** `field` (a dotted path, `txt.md`) of a result. */
const valueAt = (found, field) => String(field).split('.').reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), found);

/** Whether a result is of the strategy's kind and meets its conditions (any group, every condition of it). */
function matches(strategy, found) {
  if (found.type !== strategy.type) return false;
  const options = strategy[strategy.type] ?? {};
  if (found.type === 'mdns-sd' && (found.name !== options.name || found.protocol !== (options.protocol ?? 'tcp'))) return false;
  if (found.type === 'ssdp' && options.search !== 'ssdp:all' && found.headers?.st !== options.search) return false;
  if (found.type === 'mac') {
    const prefixes = (options.manufacturer ?? []).map((bytes) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':'));
    if (!prefixes.some((prefix) => found.mac.startsWith(prefix))) return false;
  }
  const groups = strategy.conditions ?? [];
  return groups.length === 0 || groups.some((group) => group.every(({ field, match }) => {
    const value = valueAt(found, field);
    if (typeof value !== 'string') return false;
    return match?.type === 'regex' ? new RegExp(match.value).test(value) : value === match?.value;
  }));
}

/** The result's id by the strategy's template (`{{txt.id}}`), else a MAC result's address, else the hub's id of it. */
const idOf = (strategy, found) => {
  if (typeof strategy.id === 'string') return strategy.id.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, field) => String(valueAt(found, field) ?? ''));
  return found.type === 'mac' ? found.mac : found.id;
};

class DiscoveryStrategy extends SimpleClass {
  /** @param {string} id @param {any} definition its app.json `discovery` entry */
  constructor(id, definition) {
    super();
    this._id = id;
    this._definition = definition;
    /** @type {string} */
    this.type = definition.type;
    this._results = new Map();
  }

  /** Takes a result the hub found if it is this strategy's; answers it, or undefined. */
  _take(found) {
    if (!matches(this._definition, found)) return undefined;
    const result = new DiscoveryResult(found, idOf(this._definition, found));
    this._results.set(result.id, result);
    this.emit('result', result);
    return result;
  }

  /** @returns {{ [x: string]: any }} */
  getDiscoveryResults() {
    return Object.fromEntries(this._results);
  }

  /** @param {string} id @returns {any} */
  getDiscoveryResult(id) {
    const result = this._results.get(id);
    if (!result) throw new Error(`Invalid Discovery Result: ${id}`);
    return result;
  }
}

class ManagerDiscovery extends Manager {
  /** @param {any} homey */
  constructor(homey) {
    super(homey);
    this._strategies = new Map();
    /** Hears each result a strategy takes (start.cjs hands it to the devices of the drivers using that strategy). */
    this._onResult = () => {};
    host.handle('discovery.result', ({ result }) => this._found(result));
  }

  /** The strategies of app.json, with what the hub has found so far. */
  async _start(onResult) {
    this._onResult = onResult;
    for (const id of Object.keys(this.homey.manifest.discovery ?? {})) this.getStrategy(id);
    if (this._strategies.size === 0) return;
    for (const found of await host.request('discovery.results')) this._found(found);
  }

  _found(found) {
    for (const [id, strategy] of this._strategies) {
      const result = strategy._take(found);
      if (result) this._onResult(id, result);
    }
  }

  /** @param {string} strategyId @returns {DiscoveryStrategy} */
  getStrategy(strategyId) {
    const definition = this.homey.manifest.discovery?.[strategyId];
    if (!definition) throw new Error(`Invalid Discovery Strategy: ${strategyId}`);
    if (!this._strategies.has(strategyId)) this._strategies.set(strategyId, new DiscoveryStrategy(strategyId, definition));
    return this._strategies.get(strategyId);
  }
}

module.exports = { DiscoveryResult, DiscoveryStrategy, ManagerDiscovery };
