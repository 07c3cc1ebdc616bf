import { randomUUID } from 'node:crypto';
import type { Item, Session } from '../../http/api.js';
import type { Db } from '../../http/db.js';
import type { HubStore } from '../core/items.js';
import { intersectScopes } from '../../../client/scopes.js';
import { newSecret, secretHash } from '../../http/secrets.js';
import type { components } from '../../../generated/hub/users.js';
import { roleScopes } from './roles.js';

export type SessionType = 'OAUTH' | 'APP' | 'PAT';

/** A user as the users manager stores and answers it (openapi/hub/users/schemas/User.yaml). */
export type UserItem = Item & components['schemas']['User'];

export interface SessionItem extends Item {
  type: SessionType;
  userId: string;
  clientName: string;
  agent: string | null;
  /** A personal access token's name. */
  name?: string;
  /** The scopes the session was issued with. */
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsed: string | null;
}

declare module '../core/items.js' {
  interface HubItems {
    /** Without `intersectedScopes`: a read intersects the session's scopes with its user's role at that time. */
    session: SessionItem;
  }
}

/** A caller: the session behind a token, with its user and the scopes both grant. */
export interface HubSession extends Session {
  type: SessionType;
  user: UserItem;
  item: SessionItem;
}

export interface NewSession {
  type: SessionType;
  userId: string;
  scopes: string[];
  clientName: string;
  agent?: string | null;
  name?: string;
  /** Lifetime; none for a personal access token, which lives until deleted. */
  ttlMs?: number;
  /** An end fixed by something else (an installer-access window), instead of a lifetime. */
  expiresAt?: string;
}

const LAST_USED_PRECISION_MS = 60_000;

/**
 * Sessions and their bearer tokens. Tokens are random and stored only as SHA-256 hashes; the session items live
 * in the item store (type `session`), so deleting one publishes `session.delete` and disconnects its sockets.
 */
export class SessionService {
  /** Session ids by the tokens seen since start, so that a request does not hash its token again (the disk keeps only hashes). */
  private readonly byToken = new Map<string, string>();
  private readonly scopes = new WeakMap<SessionItem, { user: UserItem; scopes: string[] }>();
  private readonly statements;

  constructor(
    db: Db,
    private readonly store: HubStore,
    /** The hub's clock: expiry, lastUsed and the purge follow it. */
    private readonly now: () => number,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS session_tokens (hash TEXT PRIMARY KEY, session_id TEXT NOT NULL)`);
    this.statements = {
      insert: db.prepare<[string, string]>('INSERT INTO session_tokens (hash, session_id) VALUES (?, ?)'),
      find: db.prepare<[string], { session_id: string }>('SELECT session_id FROM session_tokens WHERE hash = ?'),
      remove: db.prepare<[string]>('DELETE FROM session_tokens WHERE session_id = ?'),
    };
  }

  /** Issues a session and returns its token; the token is never stored or shown again. */
  create(input: NewSession): { session: SessionItem; token: string } {
    const token = newSecret();
    const now = new Date(this.now());
    const session: SessionItem = {
      id: randomUUID(),
      type: input.type,
      userId: input.userId,
      clientName: input.clientName,
      agent: input.agent ?? null,
      ...(input.name !== undefined ? { name: input.name } : {}),
      scopes: input.scopes,
      createdAt: now.toISOString(),
      expiresAt: input.expiresAt ?? (input.ttlMs ? new Date(now.getTime() + input.ttlMs).toISOString() : null),
      lastUsed: null,
    };
    this.store.transaction(() => {
      this.store.insert('session', session);
      this.statements.insert.run(secretHash(token), session.id);
    });
    return { session, token };
  }

  /** The session item behind a raw token, or null if it is unknown, expired or revoked. Does not mark it used. */
  sessionOf(token: string): SessionItem | null {
    let sessionId = this.byToken.get(token);
    if (!sessionId) {
      sessionId = this.statements.find.get(secretHash(token))?.session_id;
      if (!sessionId) return null;
      this.byToken.set(token, sessionId);
    }
    const item = this.store.get('session', sessionId);
    if (!item) {
      this.byToken.delete(token);
      return null;
    }
    return item.expiresAt && Date.parse(item.expiresAt) <= this.now() ? null : item;
  }

  /** The session behind a raw token, or null if it is unknown, expired, revoked or its user is disabled. */
  authenticate(token: string): HubSession | null {
    const item = this.sessionOf(token);
    if (!item) return null;
    const user = this.store.get('user', item.userId);
    if (!user || !user.enabled) return null;
    const now = this.now();
    if (!item.lastUsed || now - Date.parse(item.lastUsed) > LAST_USED_PRECISION_MS) {
      this.store.saveRelaxed('session', { ...item, lastUsed: new Date(now).toISOString() });
    }
    return { id: item.id, type: item.type, user, item, scopes: this.scopesOf(item, user) };
  }

  /**
   * intersectedScopes: what the session asked for that its user's role allows. Kept per stored session and user
   * (both are replaced, never changed, on a write), so a request reuses the same array and its scope answers.
   */
  scopesOf(session: SessionItem, user: UserItem): string[] {
    const known = this.scopes.get(session);
    if (known?.user === user) return known.scopes;
    const scopes = intersectScopes(session.scopes, roleScopes[user.role]);
    this.scopes.set(session, { user, scopes });
    return scopes;
  }

  revoke(id: string): void {
    this.store.transaction(() => {
      this.statements.remove.run(id);
      this.store.remove('session', id);
    });
    for (const [token, sessionId] of this.byToken) if (sessionId === id) this.byToken.delete(token);
  }

  /**
   * Ends every expired session (its token already answers 401) through revoke, so that its item, token row and
   * cached hash go and `session.delete` is sent. Returns how many ended.
   */
  purgeExpired(): number {
    const now = this.now();
    const expired = this.store.values('session').filter((session) => session.expiresAt && Date.parse(session.expiresAt) <= now);
    this.store.transaction(() => {
      for (const session of expired) this.revoke(session.id);
    });
    return expired.length;
  }

  /** Every session of a user, optionally of one type. */
  ofUser(userId: string, type?: SessionType): SessionItem[] {
    return this.store.values('session').filter((session) => session.userId === userId && (!type || session.type === type));
  }

  /** Ends every session of a user (deleted user). */
  revokeUser(userId: string): void {
    for (const session of this.ofUser(userId)) this.revoke(session.id);
  }
}
