import type { Hub } from '../core/context.js';
import type { LogLine } from '../apps/app-worker.js';

/** A line of a devkit session's app, streamed to the developer as `homey app run` shows it: `std` on homey:manager:devkit. */
export function streamSessionOutput(hub: Hub, appId: string, { stream, line }: LogLine): void {
  for (const session of hub.devkit.values()) {
    if (session.appId === appId) hub.bus.publish('homey:manager:devkit', 'std', { session: session.id, stream, line });
  }
}
