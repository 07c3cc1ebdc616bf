import { createHash, timingSafeEqual } from 'node:crypto';
import * as manifest from '../../../generated/cloud/connect.operations.js';
import type { operations } from '../../../generated/cloud/connect.js';
import { defineGuardedApi, type Guard, type Session } from '../../http/api.js';
import { systemClock } from '../../http/clock.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { ServiceContext } from '../../http/service.js';
import { delegationTokenVerifier } from '../callers/identity.js';
import { offline, type HubConnections } from './connections.js';
import { hubClient } from './hub-client.js';

/** A signed-in user of the account service, or the operator. */
export interface ConnectSession extends Session {
  userId: string;
  name: string;
  operator?: true;
}

export interface ConnectState {
  connections: HubConnections;
  /** The cloud's shared secret, which hubs ask of the cloud's calls (sharing invites). */
  sharedSecret?: string;
  /** Whether the account service records an account as the owner or a user of a hub (read from its database). */
  isHubUser(userId: string, hubId: string): Promise<boolean>;
}

export type ConnectContext = ServiceContext<ConnectState, ConnectSession>;

/** The shared secret the hub asks of what the service relays for a user; a service given none relays nothing (403). */
function sharedSecretOf(state: ConnectState, what: string): string {
  if (!state.sharedSecret) throw forbidden(`This service was given no cloud shared secret, so it relays no ${what}`);
  return state.sharedSecret;
}

const MOBILE_EVENT = /^[a-z0-9_.-]{1,100}$/;

/**
 * A mobile event's `message` (JSON text of `{ event, timestamp?, data? }`), checked against its `signature` (the hex
 * SHA-256 of the text) when there is one: the event as the hub's mobile manager takes it.
 */
export function mobileEventOf(message: string, signature: string | undefined, now: Date): { event: string; timestamp: string; data?: Record<string, unknown> } {
  if (signature !== undefined && createHash('sha256').update(message).digest('hex') !== signature) throw badRequest('The message does not match its signature');
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    throw badRequest('The message is not JSON');
  }
  const { event, timestamp, data } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof parsed !== 'object' || Array.isArray(parsed) || typeof event !== 'string' || !MOBILE_EVENT.test(event)) throw badRequest('The message names no event (lowercase letters, digits, _ . -)');
  if (timestamp !== undefined && (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp)))) throw badRequest("The message's timestamp is no date");
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) throw badRequest("The message's data is no object");
  return { event, timestamp: timestamp === undefined ? now.toISOString() : new Date(timestamp).toISOString(), ...(data === undefined ? {} : { data: data as Record<string, unknown> }) };
}

/** A session for the bearer token that is the service's operator secret; null for any other token. */
export function operatorSession(secret: string | undefined, token: string): ConnectSession | null {
  if (!secret) return null;
  const given = createHash('sha256').update(token).digest();
  const expected = createHash('sha256').update(secret).digest();
  return timingSafeEqual(given, expected) ? { id: 'operator', scopes: [], userId: '', name: 'operator', operator: true } : null;
}

/** A user's delegation token of audience `connect`, verified offline with the account service's key. */
export function memberVerifier(accountKey: string): (token: string) => Promise<ConnectSession | null> {
  const verify = delegationTokenVerifier(accountKey, 'connect');
  return async (token) => {
    const user = await verify(token);
    if (!user) return null;
    const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
    return { id: user.id, scopes: [], userId: user.userId, name };
  };
}

/** Only a user of the hub learns whether it is online, answers its pushes and sends it their phone's events. */
async function memberOnly({ homeyId }: Readonly<Record<string, string>>, { session, service }: ConnectContext): Promise<void> {
  if (!homeyId || !session || session.operator || !(await service.isHubUser(session.userId, homeyId))) throw forbidden('You are not a user of this Homey');
}

/** The mobile event names its hub in the query. */
const memberOfQueryHub: Guard<ConnectContext> = async (_path, context, query) => {
  const homeyId = query?.homeyId;
  if (typeof homeyId !== 'string') throw badRequest('Name the Homey: homeyId');
  await memberOnly({ homeyId }, context);
};

/** Anyone signed in may hold an invite (that is how one becomes a user): the hub checks the invite. */
const signedInUser: Guard<ConnectContext> = (_path, { session }) => {
  if (session?.operator) throw forbidden('An invite is accepted by a signed-in user');
};

const operatorOnly =
  (refusal: string): Guard<ConnectContext> =>
  (_path, { session }) => {
    if (!session?.operator) throw forbidden(refusal);
  };

export const connectApi = defineGuardedApi<operations, typeof manifest.operations, ConnectContext>(manifest, {
  ping: {
    guard: memberOnly,
    handle: async ({ homeyId }, { service }) => {
      if (!(await service.connections.online(homeyId))) throw offline();
      return true as const;
    },
  },
  acceptSharingRequest: {
    guard: signedInUser,
    handle: async ({ homeyId, athomId, inviteToken }, { session, service }) => {
      if (athomId !== undefined && athomId !== session.userId) throw forbidden('An invite is accepted for your own account only');
      const invite = { athomId: session.userId, inviteToken, name: session.name.slice(0, 100), ...(service.sharedSecret ? { secret: service.sharedSecret } : {}) };
      // A refusal rejects (hub-client.ts): an answer that comes is the hub's user.
      return (await hubClient(service.connections, homeyId).POST('/api/manager/users/accept', { body: invite })).data!;
    },
  },
  confirmPushNotification: {
    guard: memberOnly,
    handle: async ({ homeyId, pushId, choice }, { session, service }) => {
      const answer = { secret: sharedSecretOf(service, 'answers to push messages'), athomId: session.userId, choice };
      await hubClient(service.connections, homeyId).POST('/api/manager/notifications/notification/{id}/confirm', { params: { path: { id: pushId } }, body: answer });
    },
  },
  sendMobileEvent: {
    guard: memberOfQueryHub,
    handle: async ({ homeyId, deviceId, userId, message, signature }, { session, service }) => {
      const event = { secret: sharedSecretOf(service, 'mobile events'), athomId: session.userId, userId, deviceId, ...mobileEventOf(message, signature, new Date(systemClock.now())) };
      await hubClient(service.connections, homeyId!).POST('/api/manager/mobile/event', { body: event });
    },
  },
  sendOAuth2Callback: {
    guard: operatorOnly("OAuth2 codes are delivered by the cloud's callback service only"),
    handle: async ({ homeyId, code, token }, { service }) => {
      await hubClient(service.connections, homeyId).POST('/api/manager/cloud/oauth2-callback', { body: { token, code } });
    },
  },
  sendWebhook: {
    guard: operatorOnly("Webhook calls are delivered by the cloud's webhooks service only"),
    handle: async ({ homeyId, webhookId, args }, { service }) => {
      await hubClient(service.connections, homeyId).POST('/api/manager/cloud/webhook/{id}/callback', { params: { path: { id: webhookId } }, body: { args: args ?? {} } });
    },
  },
});
