import { join } from 'node:path';
import { sendMail } from '../../http/mail.js';
import { conflict } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { requireApp } from './lifecycle.js';

export const outboxDir = (hub: HubCore) => join(hub.config.dataDir, 'outbox');

/**
 * getAppStd: e-mails the app's recent output and state with the user's message to the app's developer (through
 * SMTP_URL, else as an .eml file in the outbox folder of the hub's data: see sendMail).
 */
export async function sendCrashlog(hub: HubCore & Pick<Hub, 'apps'>, id: string, message: string): Promise<{ to: string; messageId: string }> {
  const app = requireApp(hub, id);
  const to = app.author.email;
  if (to === null) throw conflict(`${app.name} names no author e-mail to send its log to`);
  const log = hub.apps.logOf(id).map(({ stream, line }) => `[${stream}] ${line}`).join('\n');
  const state = app.crashed
    ? `The app crashed ${app.exitCount} time(s); last: ${app.crashedMessage} (exit code ${app.exitCode}).`
    : `The app is ${app.state}; it crashed ${app.exitCount} time(s) since it was installed.`;
  const mail = {
    from: `Hub ${hub.id} <hub-${hub.id}@homey.local>`,
    to,
    subject: `Diagnostic report for ${app.name} ${app.version}`,
    date: new Date(hub.now()),
    text: `${message}\n\n${state}\n\n--- output of the app (stdout and stderr) ---\n${log || '(no output)'}\n`,
    attachments: [{ filename: 'std.log', content: `${log}\n`, contentType: 'text/plain' }],
  };
  const { messageId } = await sendMail(mail, outboxDir(hub), `${hub.now()}-${id}`);
  return { to, messageId };
}
