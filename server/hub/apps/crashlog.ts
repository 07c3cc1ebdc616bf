import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hub } from '../context.js';
import { requireApp } from './lifecycle.js';
import { appRuntime } from './runtime.js';

export const outboxDir = (hub: Hub) => join(hub.config.dataDir, 'outbox');

/**
 * getAppStd: e-mails the app's recent output and state with the user's message to the app's developer. Through the
 * SMTP server of SMTP_URL when set; else the message is written as an .eml file to the outbox folder of the hub's
 * data, where a mail relay (or a person) can pick it up.
 */
export async function sendCrashlog(hub: Hub, id: string, message: string): Promise<{ to: string; messageId: string }> {
  const app = requireApp(hub, id);
  const log = appRuntime(hub).logOf(id).map(({ stream, line }) => `[${stream}] ${line}`).join('\n');
  const state = app.crashed
    ? `The app crashed ${app.exitCount} time(s); last: ${app.crashedMessage} (exit code ${app.exitCode}).`
    : `The app is ${app.state}; it crashed ${app.exitCount} time(s) since it was installed.`;
  const mail = {
    from: `Hub ${hub.id} <hub-${hub.id}@homey.local>`,
    to: app.author.email,
    subject: `Diagnostic report for ${app.name} ${app.version}`,
    date: new Date(hub.now()),
    text: `${message}\n\n${state}\n\n--- output of the app (stdout and stderr) ---\n${log || '(no output)'}\n`,
    attachments: [{ filename: 'std.log', content: `${log}\n`, contentType: 'text/plain' }],
  };
  // Loaded when a report is sent: a hub that never sends one need not hold the mailer in memory.
  const { default: nodemailer } = await import('nodemailer');
  const smtp = process.env.SMTP_URL;
  if (smtp) {
    const info = await nodemailer.createTransport(smtp).sendMail(mail);
    return { to: app.author.email, messageId: info.messageId };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(mail);
  mkdirSync(outboxDir(hub), { recursive: true });
  writeFileSync(join(outboxDir(hub), `${hub.now()}-${id}.eml`), info.message as Buffer);
  return { to: app.author.email, messageId: info.messageId };
}
