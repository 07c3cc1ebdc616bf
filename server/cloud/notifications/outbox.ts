import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One push to one device, as a push provider (APNs, FCM, Web Push) takes it. */
export interface OutgoingPush {
  platform: string;
  /** The device's push token. */
  token: string;
  userId: string;
  /** The hub that sent it. */
  homeyId: string;
  title?: string;
  message: string;
  pushId?: string;
  data: Record<string, unknown>;
  sentAt: string;
}

/** Sends pushes to devices; the service takes one, and writes to its outbox without. */
export interface PushProvider {
  send(push: OutgoingPush): Promise<void>;
}

/**
 * The provider of a deployment without one: each push a JSON file in `dir` (`<sentAt>-<uuid>.json`, so that they
 * list in order), as mail without SMTP goes to .eml files.
 */
export function outboxPushProvider(dir: string): PushProvider {
  return {
    async send(push) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${push.sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`), JSON.stringify(push, null, 2));
    },
  };
}

/** The pushes in an outbox folder, oldest first (what a developer or a test reads). */
export function readPushOutbox(dir: string): OutgoingPush[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutgoingPush);
}
