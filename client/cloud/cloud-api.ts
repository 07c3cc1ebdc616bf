import type { Client } from 'openapi-fetch';
import type { paths as AccountPaths } from '../../generated/cloud/account.js';
import { operations as accountOperations } from '../../generated/cloud/account.operations.js';
import { cloudApis, type CloudApiId } from '../../generated/cloud/index.js';
import { CLOUD_CALL_TIMEOUT } from '../constants.js';
import { APIError, CloudAPIError, messages, redact } from '../errors.js';
import { createTransport, type RouteTable } from '../http/transport.js';
import type { SignedInCloud } from './signed-in-cloud.js';
import { CloudUser } from './user.js';
import { createPkcePair, requestToken, type Grant, type OAuthClientOptions } from './oauth.js';
import type { OperationSpec } from '../../generated/manifest.js';
import { callOperation, createService, type CloudService, type UserRecord } from './service.js';
import { checkStorage, MemoryStorageAdapter, type StorageAdapter, type StoredState } from './storage.js';
import { checkToken, Token } from './token.js';

export interface CloudAPIOptions extends OAuthClientOptions {
  /** Where the token, the user and hub sessions are kept (default: memory). Must extend StorageAdapter. */
  store?: StorageAdapter;
  /** Refresh the token once and retry once when a call answers 401 invalid_token (default true). */
  autoRefreshTokens?: boolean;
}

/** Whether a 401 says the token expired (and a fresh one may succeed), rather than that it was never valid. */
const isInvalidToken = async (response: Response) => ((await response.json().catch(() => ({}))) as { error?: unknown }).error === 'invalid_token';

/**
 * The client of the cloud account service (seed 001): sign-in by every grant, the token kept in a storage adapter
 * and refreshed once (shared by concurrent calls) when a call answers 401 invalid_token, the user, and delegation.
 * `cloud.account` has every operation of the service's contract as a method.
 */
export class CloudAPI implements SignedInCloud {
  readonly account: CloudService<'account'>;
  readonly store: StorageAdapter;
  private token?: Token;
  private refreshing?: Promise<void>;
  /** The delegation token of each cloud service's audience (service()), kept for this account's token. */
  private readonly delegations = new Map<string, string>();
  private readonly delegating = new Map<string, Promise<void>>();
  private readonly loaded: Promise<void>;
  private readonly http: Client<RouteTable>;
  /** The account service's own calls by path (the avatar upload), typed by its generated `paths`. */
  private readonly accountHttp: Client<AccountPaths>;
  private readonly client: OAuthClientOptions;
  private readonly autoRefreshTokens: boolean;

  constructor(options: CloudAPIOptions) {
    const { baseUrl, clientId, clientSecret, redirectUrl, store = new MemoryStorageAdapter(), autoRefreshTokens = true } = options ?? ({} as CloudAPIOptions);
    if (!clientId) throw new TypeError(messages.missingClientId);
    if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) throw new TypeError(messages.invalidAddress);
    this.client = { baseUrl, clientId, clientSecret, redirectUrl };
    this.autoRefreshTokens = autoRefreshTokens;
    this.store = checkStorage(store);
    this.loaded = Promise.resolve(this.store.get()).then((state) => {
      if (state.token && !this.token) this.token = new Token(state.token);
    });
    this.http = this.transport(baseUrl);
    this.accountHttp = this.transport<AccountPaths>(baseUrl);
    this.account = createService<'account'>(accountOperations, (operation, args) => this.call(this.http, operation, args));
  }

  /**
   * An HTTP client of a service called by path, typed by that service's generated `paths`, with the same time-out,
   * error catalogue and one refresh and retry on 401 invalid_token as the account's own calls. Without `audience` it
   * sends this account's access token (the account service's own paths); with one, the delegation token of that
   * audience that service() keeps too, asked for before the first call: the support form's back end is
   * `cloud.transport<paths>(origin, 'support')` (docs/protocol.md §8).
   */
  transport<Paths extends {} = RouteTable>(baseUrl: string, audience?: string): Client<Paths> {
    if (audience) return this.delegatedTransport<Paths>(audience, baseUrl, { askFirst: true });
    return createTransport<Paths>({
      baseUrl,
      token: () => this.token?.access_token,
      timeout: CLOUD_CALL_TIMEOUT,
      errors: CloudAPIError.fromResponse,
      refresh: this.autoRefreshTokens ? { isStale: isInvalidToken, refresh: (stale) => this.refreshToken(stale), token: () => this.token?.access_token } : undefined,
    });
  }

  /**
   * Every operation of a cloud service at its base URL, as methods: `cloud.service('store', url).getOrders()`. The
   * account service's calls carry this account's token; every other service's a delegation token of its own
   * audience (the service's id, docs/protocol.md §8), asked for at the first call that needs one, shared by every
   * client of that audience and asked for again when the service answers 401 invalid_token (expired). The backup
   * and webhooks services' operations that take it in the query (`token`) are given `cloud.createDelegationToken(...)`.
   */
  service<S extends CloudApiId>(id: S, baseUrl: string): CloudService<S> {
    const operations: Readonly<Record<string, OperationSpec>> = cloudApis[id].operations;
    if (id === 'account') {
      const http = this.transport(baseUrl);
      return createService<S>(operations, (operation, args) => this.call(http, operation, args));
    }
    const token = () => this.delegations.get(id);
    // Public operations need no token: one is asked for only before an operation that takes it.
    const http = this.delegatedTransport<RouteTable>(id, baseUrl, { askFirst: false });
    return createService<S>(operations, async (operation, args) => {
      if (operation.auth === 'token' && !token()) await this.renewDelegation(id, undefined);
      try {
        return await this.call(http, operation, args);
      } catch (error) {
        throw redact(error as Error, [token()]);
      }
    });
  }

  /**
   * Every operation of a service called with a credential of its own as bearer token rather than this account's
   * token: a hub's credential (`cloud.credentialService('callback', url, hubSecret).registerCallbackUrl(...)`), or
   * the cloud's operator secret (the connect service's deliveries). The credential never shows in an error.
   */
  credentialService<S extends CloudApiId>(id: S, baseUrl: string, credential: string): CloudService<S> {
    const http = createTransport<RouteTable>({ baseUrl, token: () => credential, timeout: CLOUD_CALL_TIMEOUT, errors: CloudAPIError.fromResponse });
    return createService<S>(cloudApis[id].operations, async (operation, args) => {
      try {
        return await this.call(http, operation, args);
      } catch (error) {
        throw redact(error as Error, [credential]);
      }
    });
  }

  /**
   * The sign-in page's URL (`/oauth2/authorise`) to send the user to; scopes are joined by commas. With `pkce`
   * (public clients), a verifier is made and stored for the code exchange.
   */
  async getLoginUrl({ state, scopes, pkce = !this.client.clientSecret }: { state?: string; scopes?: readonly string[]; pkce?: boolean } = {}): Promise<string> {
    if (!this.client.redirectUrl) throw new TypeError(messages.missingRedirectUrl);
    const url = new URL('/oauth2/authorise', this.client.baseUrl);
    url.searchParams.set('client_id', this.client.clientId);
    url.searchParams.set('redirect_uri', this.client.redirectUrl);
    url.searchParams.set('response_type', 'code');
    if (state) url.searchParams.set('state', state);
    if (scopes?.length) url.searchParams.set('scope', scopes.join(','));
    if (pkce) {
      const { verifier, challenge } = await createPkcePair();
      await this.update({ pkceVerifier: verifier });
      url.searchParams.set('code_challenge', challenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return url.href;
  }

  /** Exchanges the code of the sign-in redirect (with the stored PKCE verifier, if any) for a token. */
  async authenticateWithAuthorizationCode({ code, codeVerifier }: { code: string; codeVerifier?: string }): Promise<Token> {
    const verifier = codeVerifier ?? (await this.state()).pkceVerifier;
    const token = await this.grant({ grant_type: 'authorization_code', code, ...(verifier ? { code_verifier: verifier } : {}) });
    await this.update({ pkceVerifier: undefined });
    return token;
  }

  authenticateWithPassword({ username, password, scopes }: { username: string; password: string; scopes?: string[] }): Promise<Token> {
    return this.grant({ grant_type: 'password', username, password }, scopes);
  }

  authenticateWithClientCredentials({ scopes }: { scopes?: string[] } = {}): Promise<Token> {
    return this.grant({ grant_type: 'client_credentials' }, scopes);
  }

  /** Refreshes with the given refresh token, or the stored token's. */
  async authenticateWithRefreshToken({ refreshToken }: { refreshToken?: string } = {}): Promise<Token> {
    await this.loaded;
    return this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken ?? this.token?.refresh_token ?? '' });
  }

  /** A grant registered with the service (RFC 6749 §4.5), by its grant_type URI and its form fields. */
  async authenticateWithExtendedGrant(grantType: string, params: Record<string, string>): Promise<Token> {
    if (!params || typeof params !== 'object') throw new TypeError(messages.missingParams);
    return this.grant({ ...params, grant_type: grantType });
  }

  /**
   * In a browser, after the sign-in redirect: exchanges the `code` of the address and removes it (and `state`)
   * from the address bar and its history. Resolves with the token, or undefined when the address has no code.
   */
  async authenticateFromLocation(location: Pick<Location, 'href'> = globalThis.location, history: Pick<History, 'replaceState' | 'state'> = globalThis.history): Promise<Token | undefined> {
    const url = new URL(location.href);
    const code = url.searchParams.get('code');
    if (!code) return undefined;
    url.searchParams.delete('code');
    url.searchParams.delete('state');
    history.replaceState(history.state, '', url.href);
    return this.authenticateWithAuthorizationCode({ code });
  }

  async isLoggedIn(): Promise<boolean> {
    await this.loaded;
    return Boolean(this.token);
  }

  async getToken(): Promise<Token | undefined> {
    await this.loaded;
    return this.token;
  }

  /** Uses a token obtained elsewhere; it must be a Token. */
  async setToken(token: Token): Promise<void> {
    await this.loaded;
    this.token = checkToken(token);
    // Another token may be another user's: only a refreshed one keeps the user, and so their delegation tokens.
    if (token.grant_type !== 'refresh_token') this.delegations.clear();
    await this.update({ token: token.toJSON() });
  }

  /** Forgets the token, the user and every hub session. */
  async logout(): Promise<void> {
    await this.loaded;
    this.token = undefined;
    this.delegations.clear();
    await this.store.set({});
  }

  /** GET /user/me, as a CloudUser (id, hasRole, homeys, avatar upload). */
  async getAuthenticatedUser(): Promise<CloudUser> {
    const record = await this.account.getAuthenticatedUser();
    await this.update({ user: record });
    return new CloudUser(this, record);
  }

  /** A delegation token (a JWT of this audience, e.g. 'homey'), for signing in to a hub or another service. */
  async createDelegationToken({ audience, meta }: { audience: string; meta?: Record<string, unknown> }): Promise<string> {
    return this.account.createDelegationToken({ audience, meta });
  }

  /** POST /user/{id}/avatar with a multipart form (CloudUser.uploadAvatar), through the same middleware as every call. */
  async postAvatar(id: string, form: FormData): Promise<UserRecord> {
    await this.loaded;
    const { data } = await this.accountHttp.POST('/user/{id}/avatar', {
      params: { path: { id } },
      // openapi-typescript types a `format: binary` part as a string; the form carries it as a file.
      body: form as unknown as { avatar: string },
      bodySerializer: (body) => body,
    });
    // A failure was thrown by the error middleware (transport.ts): only a 200 without a body is left.
    if (!data) throw new APIError(messages.invalidServerResponse);
    return data;
  }

  async state(): Promise<StoredState & { pkceVerifier?: string }> {
    await this.loaded;
    return (await this.store.get()) as StoredState & { pkceVerifier?: string };
  }

  async update(changes: Partial<StoredState> & { pkceVerifier?: string }): Promise<void> {
    await this.store.set({ ...(await this.state()), ...changes });
  }

  private async grant(grant: Grant, scopes?: readonly string[]): Promise<Token> {
    await this.loaded;
    const token = await requestToken(this.client, grant, scopes);
    await this.setToken(token);
    return token;
  }

  /**
   * A client whose calls carry the delegation token of `audience` kept here, asked for again when a call answers 401
   * invalid_token (expired); with `askFirst`, also before a call when there is none yet.
   */
  private delegatedTransport<Paths extends {}>(audience: string, baseUrl: string, { askFirst }: { askFirst: boolean }): Client<Paths> {
    const token = () => this.delegations.get(audience);
    return createTransport<Paths>({
      baseUrl,
      token,
      obtain: askFirst ? () => this.renewDelegation(audience, undefined) : undefined,
      timeout: CLOUD_CALL_TIMEOUT,
      errors: CloudAPIError.fromResponse,
      refresh: { isStale: isInvalidToken, refresh: (stale) => this.renewDelegation(audience, stale), token },
    });
  }

  /** One delegation request per audience at a time: concurrent calls share it; a 401 for a token already replaced needs none. */
  private renewDelegation(audience: string, stale: string | undefined): Promise<void> {
    const current = this.delegations.get(audience);
    if (stale && current && stale !== current) return Promise.resolve();
    let asking = this.delegating.get(audience);
    if (!asking) {
      asking = this.createDelegationToken({ audience })
        .then((delegation) => void this.delegations.set(audience, delegation))
        .finally(() => this.delegating.delete(audience));
      this.delegating.set(audience, asking);
    }
    return asking;
  }

  /** One refresh at a time: concurrent 401s share it, and a 401 for a token already replaced needs none. */
  private refreshToken(stale: string | undefined): Promise<void> {
    if (stale && this.token && stale !== this.token.access_token) return Promise.resolve();
    this.refreshing ??= this.authenticateWithRefreshToken()
      .then(() => undefined)
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async call(http: Client<RouteTable>, operation: Parameters<typeof callOperation>[1], args: Record<string, unknown>): Promise<unknown> {
    await this.loaded;
    try {
      return await callOperation(http, operation, args);
    } catch (error) {
      throw redact(error as Error, [this.client.clientSecret, this.token?.access_token, this.token?.refresh_token]);
    }
  }
}
