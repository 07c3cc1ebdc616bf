import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SendMailOptions } from 'nodemailer';

export type OutgoingMail = SendMailOptions & { to: string; subject: string };

/**
 * Sends a mail through the SMTP server of SMTP_URL when it is set; else writes it as an .eml file (named
 * `<fileStem>.eml`) to `outboxDir`, where a mail relay (or a person) can pick it up. Used by the hub (app crash logs)
 * and the cloud services alike.
 */
export async function sendMail(mail: OutgoingMail, outboxDir: string, fileStem: string): Promise<{ messageId: string }> {
  // Loaded on the first mail: a process that never sends one need not hold the mailer in memory.
  const { default: nodemailer } = await import('nodemailer');
  const smtp = process.env.SMTP_URL;
  if (smtp) {
    const info = await nodemailer.createTransport(smtp).sendMail(mail);
    return { messageId: info.messageId };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  mkdirSync(outboxDir, { recursive: true });
  writeFileSync(join(outboxDir, `${fileStem}.eml`), info.message as Buffer);
  return { messageId: info.messageId };
}
