import type { components } from '../../../generated/hub/devkit.js';
import type { HubCore } from '../core/context.js';
import { hubOption } from '../core/options.js';

type Usb = components['schemas']['DevkitUsb'];
type Os = components['schemas']['DevkitUsbOs'];

/** The USB network function each operating system speaks without drivers. */
const MODES = new Map<Os, Usb['mode']>([
  ['off', 'off'],
  ['windows', 'rndis'],
  ['macos', 'ecm'],
  ['linux', 'ecm'],
]);

/** The operating system of the computer on the hub's USB port; announced as `option.update` on homey:manager:devkit. */
const usbOs = hubOption<Os>('devkit', 'usb', () => 'off');

export function usbLink(hub: HubCore): Usb {
  const os = usbOs.get(hub);
  return { os, mode: MODES.get(os)! };
}

export function setUsbLink(hub: HubCore, os: Os): Usb {
  usbOs.set(hub, os);
  return usbLink(hub);
}
