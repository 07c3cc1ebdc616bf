import * as manifest from '../../../generated/hub/devkit.operations.js';
import type { operations } from '../../../generated/hub/devkit.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';
import { playCustomAnimation, stopCustomAnimation } from '../ledring/ledring.js';
import { discoveryResults, findDevice } from './discovery.js';
import { setUsbLink, usbLink } from './usb.js';
import { allSessions, installFromSession, runApp, sessionOutput, sessionUsage, stopSession, uninstallInstalled } from './sessions.js';

export const devkit = defineApi<operations, typeof manifest.operations, HubContextOf<'apps' | 'devkit' | 'groupsByMember' | 'ledRing'>>(manifest, {
  getState: (_args, { hub }) => ({ sessions: allSessions(hub) }),
  runApp: ({ app, purgeSettings = false, env, debug = false }, { hub }) => runApp(hub, app, { purgeSettings, env, debug }),
  stopApp: ({ session }, { hub }) => stopSession(hub, session),
  getAppStdOut: ({ session }, { hub }) => sessionOutput(hub, session),
  getUsage: (_args, { hub }) => sessionUsage(hub),
  installApp: ({ manifest: appManifest, clean = false }, { hub }) => installFromSession(hub, appManifest.id, clean),
  uninstallApp: ({ sessionId }, { hub }) => uninstallInstalled(hub, sessionId),
  getUsb: (_args, { hub }) => usbLink(hub),
  setUsb: ({ os }, { hub }) => setUsbLink(hub, os),
  playLedringAnimation: ({ animation }, { hub }) => playCustomAnimation(hub, animation),
  stopLedringAnimation: ({ animation_id }, { hub }) => stopCustomAnimation(hub, animation_id),
  addDiscoveryResult: ({ result }, { hub }) => findDevice(hub, result),
  getDiscoveryResults: (_args, { hub }) => discoveryResults(hub),
});
