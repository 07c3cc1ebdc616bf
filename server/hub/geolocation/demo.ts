import type { HubCore } from '../core/context.js';
import { setAddress, setLocation } from './geolocation.js';

/** The demo home stands on a canal in Amsterdam. */
export function seedDemoGeolocation(hub: HubCore): void {
  setLocation(hub, { latitude: 52.3676, longitude: 4.9041, accuracy: 50 });
  setAddress(hub, 'Keizersgracht 123, 1015 CJ Amsterdam, Netherlands');
}
