/**
 * A compile-time check, run by `tsc --noEmit` (npm test) and never run: the hub's `homey` module (sdk/*.cjs, typed
 * from its JSDoc) against the SDK v3 declarations of homey-apps-sdk-v3-types. Each class and manager is checked
 * whole (a member the hub checks through another class, or skips as nominal, is named where it is left out), so a
 * method that is missing or differs fails the check.
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
import type ManagerArp from 'homey-apps-sdk-v3-types/manager/arp.js';
import type ManagerAudio from 'homey-apps-sdk-v3-types/manager/audio.js';
import type ManagerBLE from 'homey-apps-sdk-v3-types/manager/ble.js';
import type ManagerDashboards from 'homey-apps-sdk-v3-types/manager/dashboards.js';
import type ManagerDiscovery from 'homey-apps-sdk-v3-types/manager/discovery.js';
import type ManagerImages from 'homey-apps-sdk-v3-types/manager/images.js';
import type ManagerInsights from 'homey-apps-sdk-v3-types/manager/insights.js';
import type ManagerLedring from 'homey-apps-sdk-v3-types/manager/ledring.js';
import type ManagerNFC from 'homey-apps-sdk-v3-types/manager/nfc.js';
import type ManagerRF from 'homey-apps-sdk-v3-types/manager/rf.js';
import type ManagerSpeechOutput from 'homey-apps-sdk-v3-types/manager/speech-output.js';
import type ManagerSpeechInput from 'homey-apps-sdk-v3-types/manager/speech-input.js';
import type ManagerZigBee from 'homey-apps-sdk-v3-types/manager/zigbee.js';
import type ManagerZwave from 'homey-apps-sdk-v3-types/manager/zwave.js';
import type * as Ours from './index.cjs';
import type { Homey as OurHomey, ManagerCloud as OurCloud } from './homey.cjs';
import type * as OurManagers from './managers.cjs';
import type { ManagerFlow as OurFlow } from './flow.cjs';
import type { ManagerApi as OurApi, ManagerApps as OurApps } from './api.cjs';
import type * as OurMedia from './media.cjs';
import type * as OurRadios from './radios.cjs';
import type * as OurNodes from './nodes.cjs';
import type * as OurRecords from './records.cjs';
import type * as OurDashboards from './dashboards.cjs';
import type * as OurDiscovery from './discovery.cjs';

/** Compiles only when `Actual` has every member of `Expected` with a type that fits. */
type Fits<Actual extends Expected, Expected> = [Actual, Expected];
/** A declared class without its members that take the hub's other classes (checked through those) or are listed missing. */
type Own<T, Skip extends keyof T = never> = Omit<T, Skip | 'homey' | 'driver' | keyof EventEmitter>;

export type Checks = [
  Fits<InstanceType<typeof Ours.SimpleClass>, Declared.SimpleClass>,
  Fits<InstanceType<typeof Ours.App>, Own<Declared.App>>,
  Fits<InstanceType<typeof Ours.Driver>, Own<Declared.Driver>>,
  Fits<InstanceType<typeof Ours.Device>, Own<Declared.Device>>,
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
  Fits<InstanceType<typeof OurMedia.ManagerAudio>, Own<ManagerAudio>>,
  Fits<InstanceType<typeof OurMedia.ManagerSpeechOutput>, Own<ManagerSpeechOutput>>,
  Fits<InstanceType<typeof OurMedia.ManagerLedring>, Own<ManagerLedring>>,
  Fits<InstanceType<typeof Ours.LedringAnimation>, Own<Declared.LedringAnimation>>,
  Fits<InstanceType<typeof Ours.LedringAnimationSystemProgress>, Own<Declared.LedringAnimationSystemProgress>>,
  Fits<InstanceType<typeof OurRecords.ManagerInsights>, Own<ManagerInsights>>,
  Fits<InstanceType<typeof Ours.InsightsLog>, Declared.InsightsLog>,
  Fits<InstanceType<typeof OurRecords.ManagerImages>, Own<ManagerImages>>,
  Fits<InstanceType<typeof Ours.Image>, Declared.Image>,
  Fits<InstanceType<typeof OurRadios.ManagerRF>, Own<ManagerRF>>,
  Fits<InstanceType<typeof Ours.Signal433>, Own<Declared.Signal433>>,
  Fits<InstanceType<typeof Ours.SignalInfrared>, Own<Declared.SignalInfrared>>,
  Fits<InstanceType<typeof OurRadios.ManagerBLE>, Own<ManagerBLE>>,
  Fits<InstanceType<typeof Ours.BleAdvertisement>, Own<Declared.BleAdvertisement>>,
  Fits<InstanceType<typeof Ours.BlePeripheral>, Own<Declared.BlePeripheral>>,
  Fits<InstanceType<typeof Ours.BleService>, Own<Declared.BleService>>,
  Fits<InstanceType<typeof Ours.BleCharacteristic>, Own<Declared.BleCharacteristic>>,
  Fits<InstanceType<typeof Ours.BleDescriptor>, Own<Declared.BleDescriptor>>,
  Fits<InstanceType<typeof OurRadios.ManagerArp>, Own<ManagerArp>>,
  Fits<InstanceType<typeof OurRadios.ManagerNFC>, Own<ManagerNFC>>,
  Fits<InstanceType<typeof OurDashboards.ManagerDashboards>, Own<ManagerDashboards>>,
  Fits<InstanceType<typeof Ours.Widget>, Declared.Widget>,
  Fits<InstanceType<typeof OurDiscovery.ManagerDiscovery>, Own<ManagerDiscovery>>,
  Fits<InstanceType<typeof Ours.DiscoveryStrategy>, Own<Declared.DiscoveryStrategy>>,
  Fits<InstanceType<typeof Ours.DiscoveryResult>, Own<Declared.DiscoveryResult>>,
  Fits<InstanceType<typeof OurManagers.ManagerSpeechInput>, Own<ManagerSpeechInput>>,
  // ZigBeeNode declares a private member, which makes it nominal: its public members are checked, and getNode's node through them.
  Fits<InstanceType<typeof OurNodes.ManagerZigBee>, Own<ManagerZigBee, 'getNode'>>,
  Fits<Awaited<ReturnType<InstanceType<typeof OurNodes.ManagerZigBee>['getNode']>>, Own<Declared.ZigBeeNode>>,
  Fits<InstanceType<typeof Ours.ZigBeeNode>, Own<Declared.ZigBeeNode>>,
  Fits<InstanceType<typeof OurNodes.ManagerZwave>, Own<ManagerZwave>>,
  Fits<InstanceType<typeof Ours.ZwaveNode>, Own<Declared.ZwaveNode>>,
  Fits<InstanceType<typeof Ours.ZwaveCommandClass>, Declared.ZwaveCommandClass>,
  Fits<OurHomey, Own<DeclaredHomey, 'app' | 'apps' | 'api' | 'cloud' | 'clock' | 'drivers' | 'flow' | 'geolocation' | 'i18n' | 'notifications' | 'settings' | 'arp' | 'audio' | 'ble' | 'dashboards' | 'discovery' | 'images' | 'insights' | 'ledring' | 'nfc' | 'rf' | 'speechInput' | 'speechOutput' | 'zigbee' | 'zwave'>>,
];
