import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import { systemClock, type Clock } from './clock.js';
import { log } from './log.js';
import { mailOutbox } from './mail-outbox.js';

export type OutgoingMail = SendMailOptions & { to: string; subject: string };

/** nodemailer, loaded on the first use: a process that never sends a mail need not hold the mailer in memory. */
const mailer = async () => (await import('nodemailer')).default;

/**
 * Sends a mail through the SMTP server of SMTP_URL when it is set; else writes it as an .eml file (named
 * `<fileStem>.eml`) to `outboxDir`, where a mail relay (or a person) can pick it up. Used by the hub (app crash logs)
 * and the cloud services alike. Through SMTP the mail is first kept in the outbox's queue (mail-outbox.ts) and sent
 * after this returns, again later while the server cannot be reached: a caller never waits on, nor fails by, the
 * SMTP server (a password-reset answer must not tell, by a failure, that the address has an account).
 */
export async function sendMail(mail: OutgoingMail, outboxDir: string, fileStem: string, clock: Clock = systemClock): Promise<{ messageId: string }> {
  const nodemailer = await mailer();
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  if (process.env.SMTP_URL) {
    mailOutbox(outboxDir, clock).enqueue(info.envelope as { from: string | false; to: string[] }, (info.message as Buffer).toString('utf8'), fileStem);
    return { messageId: info.messageId };
  }
  mkdirSync(outboxDir, { recursive: true });
  writeFileSync(join(outboxDir, `${fileStem}.eml`), info.message as Buffer);
  return { messageId: info.messageId };
}

/**
 * Sends what the outbox of `outboxDir` kept for the SMTP server before a restart (a service calls it as it starts;
 * mails queued since are sent as they come).
 */
export function resumeMailOutbox(outboxDir: string, clock: Clock = systemClock): void {
  if (process.env.SMTP_URL) mailOutbox(outboxDir, clock).kick();
}

/**
 * Whether the SMTP server of SMTP_URL answers (nodemailer's verify: connection, greeting, sign-in). When it does not,
 * one warning line says so: mails then wait in the outbox until it does. True without SMTP_URL (nothing to reach).
 */
export async function verifyMailServer(): Promise<boolean> {
  const smtp = process.env.SMTP_URL;
  if (!smtp) return true;
  const transport = (await mailer()).createTransport(smtp);
  try {
    await transport.verify();
    return true;
  } catch (error) {
    // The host alone: SMTP_URL may hold a password.
    log.warn(`The SMTP server of SMTP_URL (${new URL(smtp).host}) cannot be reached: ${(error as Error).message}. Mails wait in the outbox and are sent once it can.`);
    return false;
  } finally {
    transport.close();
  }
}
