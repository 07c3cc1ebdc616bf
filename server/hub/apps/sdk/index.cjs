'use strict';
// The `homey` module of SDK v3 apps: the worker's runner makes `require('homey')` resolve here (worker/runner.js).
const { SimpleClass, Manager } = require('./simple-class.cjs');
const { App } = require('./app.cjs');
const { Driver, PairSession } = require('./driver.cjs');
const { Device } = require('./device.cjs');
const { Api, ApiApp } = require('./api.cjs');
const flow = require('./flow.cjs');
const { LedringAnimation, LedringAnimationSystem, LedringAnimationSystemProgress } = require('./media.cjs');
const { Image, InsightsLog } = require('./records.cjs');
const { Widget } = require('./dashboards.cjs');
const { DiscoveryResult, DiscoveryStrategy } = require('./discovery.cjs');
const { Signal, Signal433, Signal868, SignalInfrared, BleAdvertisement } = require('./radios.cjs');
const { BlePeripheral, BleService, BleCharacteristic, BleDescriptor } = require('./ble.cjs');
const { CloudWebhook } = require('./cloud-webhook.cjs');
const { ZigBeeNode, ZwaveCommandClass, ZwaveNode } = require('./nodes.cjs');

module.exports = {
  /** The app's `homey.env` and app.json, set before its code loads (start.cjs). */
  env: {},
  manifest: {},
  SimpleClass,
  Manager,
  App,
  Driver,
  Device,
  PairSession,
  Api,
  ApiApp,
  CloudWebhook,
  FlowArgument: flow.FlowArgument,
  FlowCard: flow.FlowCard,
  FlowCardTrigger: flow.FlowCardTrigger,
  FlowCardTriggerDevice: flow.FlowCardTriggerDevice,
  FlowCardCondition: flow.FlowCardCondition,
  FlowCardAction: flow.FlowCardAction,
  FlowToken: flow.FlowToken,
  LedringAnimation,
  LedringAnimationSystem,
  LedringAnimationSystemProgress,
  Image,
  InsightsLog,
  Signal,
  Signal433,
  Signal868,
  SignalInfrared,
  BleAdvertisement,
  BlePeripheral,
  BleService,
  BleCharacteristic,
  BleDescriptor,
  Widget,
  DiscoveryResult,
  DiscoveryStrategy,
  ZigBeeNode,
  ZwaveCommandClass,
  ZwaveNode,
};
