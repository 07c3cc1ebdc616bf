import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Clock } from './clock.js';
import { log } from './log.js';

/** A mail waiting for the SMTP server, as kept on disk: the rendered message with its SMTP envelope. */
interface QueuedMail {
  envelope: { from: string | false; to: string[] };
  /** The message as rendered (RFC 5322), UTF-8. */
  message: string;
  queuedAt: number;
  attempts: number;
  nextAttemptAt: number;
}

/** The first retry comes this long after a failure; each next one twice as long, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** A mail the server has not taken in this long is given up (moved to `undeliverable/`, logged). */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export const retryDelay = (attempts: number) => Math.min(FIRST_DELAY_MS * 2 ** (attempts - 1), MAX_DELAY_MS);

/** Where the outbox of `outboxDir` keeps what waits for the SMTP server, and what it gave up. */
export const queueDir = (outboxDir: string) => join(outboxDir, 'queue');
const undeliverableDir = (outboxDir: string) => join(outboxDir, 'undeliverable');

/** Writes a file whole or not at all: a crash mid-write leaves no half mail to send. */
function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

/**
 * The mails of one outbox folder that go through the SMTP server of SMTP_URL: each is written to `queue/` before the
 * caller is answered, then sent, and on failure sent again later (back-off on the clock), also after a restart.
 * One sender per folder and process, so that a mail is not sent twice.
 */
class MailOutbox {
  private running: Promise<void> | null = null;
  private again = false;
  private cancelTimer = () => {};

  constructor(
    private readonly outboxDir: string,
    private readonly clock: Clock,
  ) {}

  enqueue(envelope: QueuedMail['envelope'], message: string, fileStem: string): void {
    mkdirSync(queueDir(this.outboxDir), { recursive: true });
    const now = this.clock.now();
    const queued: QueuedMail = { envelope, message, queuedAt: now, attempts: 0, nextAttemptAt: now };
    writeAtomically(join(queueDir(this.outboxDir), `${fileStem}.json`), JSON.stringify(queued));
    this.kick();
  }

  /** Sends what is due now, unless a pass is under way (which then runs once more); never throws. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => log.error({ err: error, outbox: this.outboxDir }, 'The mail outbox failed to send its queue'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no pass is under way. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    const dir = queueDir(this.outboxDir);
    let next = Infinity;
    let waiting = 0;
    let lastError: Error | undefined;
    for (const name of readdirSafe(dir).filter((entry) => entry.endsWith('.json')).sort()) {
      const file = join(dir, name);
      const mail = readQueued(file);
      if (!mail) continue;
      if (mail.nextAttemptAt > this.clock.now()) {
        next = Math.min(next, mail.nextAttemptAt);
        continue;
      }
      const failure = await this.send(mail, file, name);
      if (!failure) continue;
      const now = this.clock.now();
      if (failure.permanent || now - mail.queuedAt >= GIVE_UP_AFTER_MS) {
        mkdirSync(undeliverableDir(this.outboxDir), { recursive: true });
        renameSync(file, join(undeliverableDir(this.outboxDir), name));
        log.error({ err: failure.error, file: name }, 'A mail was given up: the SMTP server would not take it (kept in the outbox, undeliverable/)');
        continue;
      }
      const attempts = mail.attempts + 1;
      const retryAt = now + retryDelay(attempts);
      writeAtomically(file, JSON.stringify({ ...mail, attempts, nextAttemptAt: retryAt }));
      waiting += 1;
      lastError = failure.error;
      next = Math.min(next, retryAt);
    }
    // One line a pass, however many mails wait.
    if (waiting) log.warn({ err: lastError, mails: waiting }, 'The SMTP server did not take the mails of the outbox: they wait there and are sent again later');
    this.cancelTimer();
    if (next !== Infinity) this.cancelTimer = this.clock.at(next, () => this.kick());
  }

  /** Sends one queued mail, removing it once sent; without SMTP_URL (any more) it becomes an .eml file of the outbox. */
  private async send(mail: QueuedMail, file: string, name: string): Promise<{ error: Error; permanent: boolean } | null> {
    const smtp = process.env.SMTP_URL;
    if (!smtp) {
      writeAtomically(join(this.outboxDir, name.replace(/\.json$/, '.eml')), mail.message);
      rmSync(file);
      return null;
    }
    const { default: nodemailer } = await import('nodemailer');
    let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
    try {
      transport = nodemailer.createTransport(smtp);
      await transport.sendMail({ envelope: { from: mail.envelope.from || undefined, to: mail.envelope.to }, raw: mail.message });
    } catch (error) {
      // 5xx: the server refuses this mail for good (an unknown recipient ...); anything else may pass later.
      const code = (error as { responseCode?: number }).responseCode;
      return { error: error as Error, permanent: code !== undefined && code >= 500 };
    } finally {
      transport?.close();
    }
    rmSync(file);
    return null;
  }
}

/** A queued mail, or null when another pass already sent it (the file is gone). */
function readQueued(file: string): QueuedMail | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as QueuedMail;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const outboxes = new Map<string, MailOutbox>();

/** The sender of the outbox folder `outboxDir` (one per folder in this process), on the first caller's clock. */
export function mailOutbox(outboxDir: string, clock: Clock): MailOutbox {
  const key = resolve(outboxDir);
  let outbox = outboxes.get(key);
  if (!outbox) outboxes.set(key, (outbox = new MailOutbox(key, clock)));
  return outbox;
}

export type { MailOutbox };
