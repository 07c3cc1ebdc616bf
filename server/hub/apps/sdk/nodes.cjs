'use strict';
// The Zigbee and Z-Wave managers: a device's node on the hub's simulated networks, reached through frames (ZCL) and
// command classes as on real radios (the hub answers for the simulated node: sdk-bridge/nodes.ts).
const host = require('./host.cjs');
const { SimpleClass, Manager } = require('./simple-class.cjs');

/** The instances of the app's nodes by node id, each told what its node sends. */
const zigbeeNodes = new Map();
const zwaveNodes = new Map();

/** A Zigbee node of the simulated network; its frames are ZCL frames (zigbee-clusters reads and writes them). */
class ZigBeeNode extends SimpleClass {
  /** @param {{ nodeId: string, manufacturerName: string, productId: string, receiveWhenIdle: boolean, endpointDescriptors: any[] }} info */
  constructor(info) {
    super();
    this._nodeId = info.nodeId;
    /** @type {string} */
    this.manufacturerName = info.manufacturerName;
    /** @type {string} */
    this.productId = info.productId;
    /** @type {boolean} */
    this.receiveWhenIdle = info.receiveWhenIdle;
    /** The node's endpoints and their clusters, as zigbee-clusters' ZCLNode reads them. */
    this.endpointDescriptors = info.endpointDescriptors;
  }

  /** @param {number} endpointId @param {number} clusterId @param {Buffer} frame @returns {Promise<void>} */
  async sendFrame(endpointId, clusterId, frame) {
    await host.request('zigbee.sendFrame', { nodeId: this._nodeId, endpointId, clusterId, frame: Array.from(frame) });
  }

  /**
   * A frame the node sent; the app overrides it (zigbee-clusters' ZCLNode does).
   * @param {number} endpointId @param {number} clusterId @param {Buffer} frame @param {object} meta @returns {Promise<void>}
   */
  async handleFrame(endpointId, clusterId, frame, meta) {
    this.error('ZigBeeNode.handleFrame is not overridden: a frame was dropped', { endpointId, clusterId, frame, meta });
  }
}

host.handle('zigbee.frame', ({ nodeId, endpointId, clusterId, frame }) => {
  const node = zigbeeNodes.get(nodeId);
  if (!node) return;
  Promise.resolve()
    .then(() => node.handleFrame(endpointId, clusterId, Buffer.from(frame), {}))
    .catch((error) => node.error('ZigBeeNode.handleFrame failed:', error));
});

class ManagerZigBee extends Manager {
  /** @param {any} device @returns {Promise<ZigBeeNode>} */
  async getNode(device) {
    const info = await host.request('zigbee.getNode', { deviceId: device._state.id });
    if (!zigbeeNodes.has(info.nodeId)) zigbeeNodes.set(info.nodeId, new ZigBeeNode(info));
    return zigbeeNodes.get(info.nodeId);
  }
}

/** A command class of a Z-Wave node: a method per command (`SWITCH_BINARY_SET`, `BATTERY_GET` ...) and 'report' events. */
class ZwaveCommandClass extends SimpleClass {
  /** @param {ZwaveNode} node @param {{ id: number, version: number, commands: Record<string, number> }} definition */
  constructor(node, definition) {
    super();
    /** @type {any} */
    this.version = definition.version;
    for (const [name, commandId] of Object.entries(definition.commands)) {
      // A GET resolves with the REPORT it asked for; a SET once the node took it. Parameters: a Buffer, or Homey's named fields.
      this[name] = async (params = Buffer.alloc(0)) => {
        const reports = await node._send({ commandClassId: definition.id, commandId, params });
        return reports[0]?.report;
      };
    }
  }
}

/** A Z-Wave node of the simulated network, with the command classes its interview found. */
class ZwaveNode extends SimpleClass {
  /** @param {any} info */
  constructor(info) {
    super();
    /** @type {number} */
    this.nodeId = info.nodeId;
    /** @type {any} */
    this.online = info.online;
    /** @type {boolean} */
    this.battery = info.battery;
    /** @type {string} */
    this.deviceClassBasic = info.deviceClassBasic;
    /** @type {string} */
    this.deviceClassGeneric = info.deviceClassGeneric;
    /** @type {string} */
    this.deviceClassSpecific = info.deviceClassSpecific;
    /** @type {{ value: number }} */
    this.manufacturerId = { value: info.manufacturerId };
    /** @type {{ value: number }} */
    this.productTypeId = { value: info.productTypeId };
    /** @type {{ value: number }} */
    this.productId = { value: info.productId };
    /** @type {number} */
    this.firmwareId = info.firmwareId;
    /** @type {number | undefined} */
    this.multiChannelNodeId = undefined;
    /** @type {boolean} */
    this.isMultiChannelNode = false;
    /** The simulated nodes have one channel. @type {{ [x: string]: ZwaveNode }} */
    this.MultiChannelNodes = {};
    /** @type {{ [x: string]: ZwaveCommandClass }} */
    this.CommandClass = Object.fromEntries(Object.entries(info.commandClasses).map(([name, definition]) => [name, new ZwaveCommandClass(this, definition)]));
    this._classById = new Map(Object.values(info.commandClasses).map((definition, index) => [definition.id, Object.values(this.CommandClass)[index]]));
  }

  /** @param {{ commandClassId: number, commandId: number, params?: Buffer }} command @returns {Promise<void>} */
  async sendCommand({ commandClassId, commandId, params }) {
    await this._send({ commandClassId, commandId, params: params ?? Buffer.alloc(0) });
  }

  async _send({ commandClassId, commandId, params }) {
    const wire = Buffer.isBuffer(params) || Array.isArray(params) ? Array.from(params) : params;
    const reports = await host.request('zwave.sendCommand', { nodeId: this.nodeId, commandClassId, commandId, params: wire });
    for (const report of reports) this._report(report);
    return reports;
  }

  /** A report of the node: its command class emits 'report' with the command and the report's fields. */
  _report({ commandClassId, commandId, name, report }) {
    this._classById.get(commandClassId)?.emit('report', { value: commandId, name }, report);
  }
}

host.handle('zwave.report', (report) => zwaveNodes.get(report.nodeId)?._report(report));

class ManagerZwave extends Manager {
  /** @param {any} device @returns {Promise<ZwaveNode>} */
  async getNode(device) {
    const info = await host.request('zwave.getNode', { deviceId: device._state.id });
    if (!zwaveNodes.has(info.nodeId)) zwaveNodes.set(info.nodeId, new ZwaveNode(info));
    return zwaveNodes.get(info.nodeId);
  }
}

module.exports = { ZigBeeNode, ZwaveCommandClass, ZwaveNode, ManagerZigBee, ManagerZwave };
