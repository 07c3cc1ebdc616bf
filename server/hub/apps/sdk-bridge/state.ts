import type { HubService, Nothing } from '../../core/service.js';
import type { CapabilityValue } from '../../drivers/capabilities.js';
import type { RadioId } from '../../radios/profiles.js';

/** A node apps hold (ManagerZigBee/ManagerZwave.getNode): the apps told what it sends, and the values they last heard. */
export interface HeldNode {
  radio: RadioId;
  nodeId: string;
  apps: Set<string>;
  heard: Record<string, CapabilityValue>;
}
/** The nodes apps hold, by `<radio>:<nodeId>`, and the end of the radio listener that tells them of changes. */
export interface Holdings {
  nodes: Map<string, HeldNode>;
  stop: () => void;
}

/** An app's connection to a BLE peripheral: its subscribed characteristics (`<service>/<characteristic>`), each with the value last sent, in hex. */
export interface BleConnection {
  subscriptions: Map<string, string>;
}
/** The apps' BLE connections, by app id then by peripheral address, and the end of the radio listener that tells them of changes. */
export interface BleConnections {
  byApp: Map<string, Map<string, BleConnection>>;
  stop: () => void;
}

/** What running apps hold on the hub through the SDK, while the hub runs (sdk-bridge/*.ts): each app's part goes when it stops. */
export interface SdkBridgeState {
  /** The owner token each running app holds (only its hash is stored, in its session), by app id (web-api.ts). */
  ownerTokens: Map<string, string>;
  /** The uris whose realtime events each running app's Apis hear, and the end of its bus listener, by app id (api-realtime.ts). */
  following: Map<string, { uris: Set<string>; stop: () => void }>;
  /** The apps' signals whose receivers are on, by `<appId>:<band>:<signalId>`, each with its stop (radios.ts). */
  receivers: Map<string, () => void>;
  /** The samples each running app registered, by `<appId>:<format>:<sampleId>`: the speaker's memory, not kept on disk (media.ts). */
  samples: Map<string, Buffer>;
  /** The apps' questions to the pairing screen waiting for their answers, by callback id (pairing.ts). */
  pairingAnswers: Map<string, (answer: unknown) => void>;
  /** The nodes apps hold, while any does (nodes.ts). */
  nodes?: Holdings;
  /** The apps' BLE connections, while any app has one (ble.ts). */
  ble?: BleConnections;
}

declare module '../../core/context.js' {
  interface Hub {
    /** What running apps hold on the hub through the SDK (the SDK bridge service's). */
    sdkBridge: SdkBridgeState;
  }
}

/**
 * The SDK bridge's state, started before the app runtime so that it stops after it: the runtime's stop stops every
 * app, which releases its part (appStopped); what is left then (a listener, a receiver) ends here.
 */
export const sdkBridge: HubService<Nothing, { sdkBridge: SdkBridgeState }> = {
  name: 'sdk bridge',
  start: () => {
    const state: SdkBridgeState = { ownerTokens: new Map(), following: new Map(), receivers: new Map(), samples: new Map(), pairingAnswers: new Map() };
    return {
      gives: { sdkBridge: state },
      stop: () => {
        for (const { stop } of state.following.values()) stop();
        for (const stop of state.receivers.values()) stop();
        state.nodes?.stop();
        state.ble?.stop();
        state.following.clear();
        state.receivers.clear();
        state.nodes = undefined;
        state.ble = undefined;
      },
    };
  },
};
