import type { Db } from '../../http/db.js';
import { conflict, notFound } from '../../http/errors.js';
import { newSecret, secretHash } from '../../http/secrets.js';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Row {
  user_id: string;
  expires_at: string;
  accepted_at: string | null;
}

/** The invite of each user created by a manager: a random token, kept hashed, accepted once before it expires. */
export class Invites {
  private readonly statements;

  constructor(db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS user_invites (
      user_id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, expires_at TEXT NOT NULL, accepted_at TEXT)`);
    this.statements = {
      insert: db.prepare<[string, string, string]>('INSERT OR REPLACE INTO user_invites (user_id, token_hash, expires_at) VALUES (?, ?, ?)'),
      find: db.prepare<[string], Row>('SELECT user_id, expires_at, accepted_at FROM user_invites WHERE token_hash = ?'),
      accept: db.prepare<[string, string]>('UPDATE user_invites SET accepted_at = ? WHERE user_id = ?'),
      remove: db.prepare<[string]>('DELETE FROM user_invites WHERE user_id = ?'),
    };
  }

  /** A new invite for the user, valid for a week from `now` (the hub's time); the token is returned once and only its hash is kept. */
  create(userId: string, now: number): { inviteToken: string; inviteExpiresAt: string } {
    const inviteToken = newSecret();
    const inviteExpiresAt = new Date(now + INVITE_TTL_MS).toISOString();
    this.statements.insert.run(userId, secretHash(inviteToken), inviteExpiresAt);
    return { inviteToken, inviteExpiresAt };
  }

  /** The user id of a pending invite: 404 when unknown, 409 when accepted or expired by `now` (the hub's time). Marks it accepted. */
  accept(token: string, now: number): string {
    const row = this.statements.find.get(secretHash(token));
    if (!row) throw notFound('Invite');
    if (row.accepted_at) throw conflict('This invite was already accepted');
    if (Date.parse(row.expires_at) <= now) throw conflict('This invite has expired: ask for a new one');
    this.statements.accept.run(new Date(now).toISOString(), row.user_id);
    return row.user_id;
  }

  remove(userId: string): void {
    this.statements.remove.run(userId);
  }
}
