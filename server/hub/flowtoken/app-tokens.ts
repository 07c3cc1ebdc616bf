import type { components } from '../../../generated/hub/flowtoken.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import type { HubService, Nothing } from '../core/service.js';

type FlowToken = components['schemas']['FlowToken'];
type FlowTokenValue = components['schemas']['FlowTokenValue'];

export const FLOWTOKEN_URI = 'homey:manager:flowtoken';
const APP_ID = /^[a-z0-9][a-z0-9._-]{0,99}$/i;
const LOCAL_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/** Tells subscribers of a token's news, on the manager's uri and (for update and delete) the token's own. */
export function publishToken(hub: HubCore, change: 'create' | 'update' | 'delete', token: FlowToken): void {
  const data = change === 'delete' ? { id: token.id } : token;
  hub.bus.publish(FLOWTOKEN_URI, `flowtoken.${change}`, data);
  if (change !== 'create') hub.bus.publish(`homey:flowtoken:${token.id}`, change, data);
}

declare module '../core/context.js' {
  interface Hub {
    /** The tokens running apps registered, by full id: runtime only, as the apps' registrations are (the app flow tokens service's). */
    appFlowTokens: Map<string, FlowToken>;
  }
}

/** The apps' tokens: each app's go as it stops (the app runtime, which stops before this). */
export const appFlowTokens: HubService<Nothing, Pick<Hub, 'appFlowTokens'>> = {
  name: 'app flow tokens',
  start: () => ({ gives: { appFlowTokens: new Map() } }),
};

const registry = (hub: HubCore & Pick<Hub, 'appFlowTokens'>): Map<string, FlowToken> => hub.appFlowTokens;

export const appTokens = (hub: HubCore & Pick<Hub, 'appFlowTokens'>): FlowToken[] => [...registry(hub).values()];
export const findAppToken = (hub: HubCore & Pick<Hub, 'appFlowTokens'>, id: string): FlowToken | undefined => registry(hub).get(id);

/** A value fits its token's type; an image token's is the id of an image the images manager holds. */
function requireValue(hub: Hub, type: FlowToken['type'], value: FlowTokenValue): void {
  if (type === 'image') {
    if (value !== null && !(typeof value === 'string' && hub.store.get('image', value))) throw badRequest('The value of an image token must be an image of the hub or null');
    return;
  }
  const matches = value === null || (typeof value === type && (type !== 'number' || Number.isFinite(value)));
  if (!matches) throw badRequest(`The value of a ${type} token must be a ${type} or null`);
}

export interface NewAppToken {
  /** The token's own id within the app. */
  id: string;
  title: string;
  type: FlowToken['type'];
  value: FlowTokenValue;
}

/** What an app holds for a token it registered: the token now, a way to change it and to take it away. */
export interface AppToken {
  readonly token: FlowToken;
  /** A new value and or title; subscribers get flowtoken.update when something changed. */
  update(change: Partial<Pick<FlowToken, 'title' | 'value'>>): FlowToken;
  unregister(): void;
}

/**
 * Registers an app's token (`homey:app:<appId>:<id>`), for the apps manager to call on an app's behalf: it is
 * listed and looked up like the hub's own until unregistered (or the hub restarts: apps register theirs on start).
 * 400 for an id, title or value that does not fit, 409 for an id the app registered already.
 */
export function registerAppToken(hub: Hub, appId: string, input: NewAppToken): AppToken {
  if (!APP_ID.test(appId)) throw badRequest(`Not an app id: ${appId}`);
  if (!LOCAL_ID.test(input.id)) throw badRequest(`A token id is 1 to 100 letters, digits, '.', '_' or '-', not ${input.id}`);
  if (!input.title.trim()) throw badRequest('A token needs a title');
  requireValue(hub, input.type, input.value);
  const uri = `homey:app:${appId}`;
  const tokens = registry(hub);
  const id = `${uri}:${input.id}`;
  if (tokens.has(id)) throw conflict(`The app ${appId} has a token ${input.id} already`);
  const owner = { uri, ownerUri: uri, ownerId: appId, uriObj: { type: 'app' as const, id: appId, name: appId } };
  let token: FlowToken = { id, ...owner, title: input.title, type: input.type, value: input.value };
  tokens.set(id, token);
  publishToken(hub, 'create', token);
  return {
    get token() {
      return token;
    },
    update({ title = token.title, value = token.value }) {
      if (tokens.get(id) !== token) throw conflict(`The token ${id} is unregistered`);
      if (!title.trim()) throw badRequest('A token needs a title');
      requireValue(hub, token.type, value);
      if (title === token.title && value === token.value) return token;
      token = { ...token, title, value };
      tokens.set(id, token);
      publishToken(hub, 'update', token);
      return token;
    },
    unregister() {
      if (tokens.get(id) !== token) return;
      tokens.delete(id);
      publishToken(hub, 'delete', token);
    },
  };
}
