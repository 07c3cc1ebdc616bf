import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';
import type { Db } from '../../http/db.js';
import { conflict } from '../../http/errors.js';

const KEY_LENGTH = 64;
const hashPassword = (password: string, salt: BinaryLike) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, KEY_LENGTH, (err, key) => (err ? reject(err) : resolve(key))));

interface Row {
  user_id: string;
  salt: Buffer;
  hash: Buffer;
}

/**
 * Usernames and passwords for `POST /login-local`, one pair per user. Passwords are kept only as salted scrypt
 * hashes, outside the item store so that no realtime event or list ever carries them.
 */
export class LocalCredentials {
  private readonly statements;

  constructor(db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS user_credentials (
      user_id TEXT PRIMARY KEY, username TEXT NOT NULL COLLATE NOCASE UNIQUE, salt BLOB NOT NULL, hash BLOB NOT NULL)`);
    this.statements = {
      byUsername: db.prepare<[string], Row>('SELECT user_id, salt, hash FROM user_credentials WHERE username = ?'),
      upsert: db.prepare<[string, string, Buffer, Buffer]>('INSERT OR REPLACE INTO user_credentials (user_id, username, salt, hash) VALUES (?, ?, ?, ?)'),
      remove: db.prepare<[string]>('DELETE FROM user_credentials WHERE user_id = ?'),
    };
  }

  async set(userId: string, username: string, password: string): Promise<void> {
    this.requireFree(userId, username);
    const salt = randomBytes(16);
    const hash = await hashPassword(password, salt);
    this.requireFree(userId, username); // another call may have taken it while scrypt ran
    this.statements.upsert.run(userId, username, salt, hash);
  }

  /** True when the user had credentials. */
  remove(userId: string): boolean {
    return this.statements.remove.run(userId).changes > 0;
  }

  /** The user id the username and password belong to, or null. Takes as long whether or not the username exists. */
  async verify(username: string, password: string): Promise<string | null> {
    const row = this.statements.byUsername.get(username);
    const hash = await hashPassword(password, row?.salt ?? randomBytes(16));
    return row && timingSafeEqual(hash, row.hash) ? row.user_id : null;
  }

  private requireFree(userId: string, username: string): void {
    const holder = this.statements.byUsername.get(username);
    if (holder && holder.user_id !== userId) throw conflict(`The username ${username} is already taken`);
  }
}
