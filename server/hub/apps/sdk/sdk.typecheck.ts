/**
 * A compile-time check, run by `tsc --noEmit` (npm test) and never run: the hub's `homey` module (sdk/*.cjs, typed
 * from its JSDoc) against the SDK v3 declarations of homey-apps-sdk-v3-types. Each class and manager is checked
 * whole; the methods this hub does not offer yet are named in `Missing...` lists, so each one that lands is removed
 * from its list here, and a method that is neither implemented nor listed fails the check.
 */
import type { EventEmitter } from 'node:events';
import type * as Declared from 'homey-apps-sdk-v3-types';
import type DeclaredHomey from 'homey-apps-sdk-v3-types/lib/Homey.js';
import type ManagerFlow from 'homey-apps-sdk-v3-types/manager/flow.js';
import type ManagerSettings from 'homey-apps-sdk-v3-types/manager/settings.js';
import type ManagerI18n from 'homey-apps-sdk-v3-types/manager/i18n.js';
import type ManagerApi from 'homey-apps-sdk-v3-types/manager/api.js';
import type ManagerApps from 'homey-apps-sdk-v3-types/manager/apps.js';
import type ManagerDrivers from 'homey-apps-sdk-v3-types/manager/drivers.js';
import type ManagerClock from 'homey-apps-sdk-v3-types/manager/clock.js';
import type ManagerGeolocation from 'homey-apps-sdk-v3-types/manager/geolocation.js';
import type ManagerNotifications from 'homey-apps-sdk-v3-types/manager/notifications.js';
import type ManagerCloud from 'homey-apps-sdk-v3-types/manager/cloud.js';
import type PairSession from 'homey-apps-sdk-v3-types/lib/PairSession.js';
import type * as Ours from './index.cjs';
import type { Homey as OurHomey, ManagerCloud as OurCloud } from './homey.cjs';
import type * as OurManagers from './managers.cjs';
import type { ManagerFlow as OurFlow } from './flow.cjs';
import type { ManagerApi as OurApi, ManagerApps as OurApps } from './api.cjs';

/** Compiles only when `Actual` has every member of `Expected` with a type that fits. */
type Fits<Actual extends Expected, Expected> = [Actual, Expected];
/** A declared class without its members that take the hub's other classes (checked through those) or are listed missing. */
type Own<T, Skip extends keyof T = never> = Omit<T, Skip | 'homey' | 'driver' | keyof EventEmitter>;

export type Checks = [
  Fits<InstanceType<typeof Ours.SimpleClass>, Declared.SimpleClass>,
  Fits<InstanceType<typeof Ours.App>, Own<Declared.App>>,
  Fits<InstanceType<typeof Ours.Driver>, Own<Declared.Driver>>,
  Fits<InstanceType<typeof Ours.Device>, Own<Declared.Device, 'setAlbumArtImage' | 'setCameraImage' | 'onDiscoveryResult' | 'onDiscoveryAvailable' | 'onDiscoveryAddressChanged' | 'onDiscoveryLastSeenChanged'>>,
  Fits<InstanceType<typeof Ours.PairSession>, PairSession>,
  Fits<InstanceType<typeof Ours.FlowCardTrigger>, Declared.FlowCardTrigger>,
  Fits<InstanceType<typeof Ours.FlowCardTriggerDevice>, Declared.FlowCardTriggerDevice>,
  Fits<InstanceType<typeof Ours.FlowCardCondition>, Declared.FlowCardCondition>,
  Fits<InstanceType<typeof Ours.FlowCardAction>, Declared.FlowCardAction>,
  Fits<InstanceType<typeof Ours.FlowToken>, Declared.FlowToken>,
  Fits<InstanceType<typeof Ours.Api>, Declared.Api>,
  Fits<InstanceType<typeof Ours.ApiApp>, Declared.ApiApp>,
  Fits<InstanceType<typeof Ours.CloudWebhook>, Own<Declared.CloudWebhook>>,
  Fits<OurFlow, Own<ManagerFlow>>,
  Fits<InstanceType<typeof OurManagers.ManagerSettings>, Own<ManagerSettings>>,
  Fits<InstanceType<typeof OurManagers.ManagerI18n>, Own<ManagerI18n>>,
  Fits<OurApi, Own<ManagerApi>>,
  Fits<OurApps, Own<ManagerApps>>,
  Fits<InstanceType<typeof OurManagers.ManagerDrivers>, Own<ManagerDrivers>>,
  Fits<InstanceType<typeof OurManagers.ManagerClock>, Own<ManagerClock>>,
  Fits<InstanceType<typeof OurManagers.ManagerGeolocation>, Own<ManagerGeolocation>>,
  Fits<InstanceType<typeof OurManagers.ManagerNotifications>, Own<ManagerNotifications>>,
  Fits<OurCloud, Own<ManagerCloud>>,
  Fits<OurHomey, Own<DeclaredHomey, MissingManagers | 'app' | 'apps' | 'api' | 'cloud' | 'clock' | 'drivers' | 'flow' | 'geolocation' | 'i18n' | 'notifications' | 'settings'>>,
];

/** The managers `this.homey` has, whose every method still says it is not available on this hub (managers.cjs). */
type MissingManagers = 'arp' | 'audio' | 'ble' | 'dashboards' | 'discovery' | 'images' | 'insights' | 'ledring' | 'nfc' | 'rf' | 'speechInput' | 'speechOutput' | 'zigbee' | 'zwave';
