import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { FakeClock } from '../../http/clock.js';
import { log } from '../../http/log.js';
import { sendMail, verifyMailServer } from '../../http/mail.js';
import { mailOutbox, queueDir, retryDelay } from '../../http/mail-outbox.js';
import { startTestAccount, type TestAccount } from './testing/test-account.js';

/** A port nothing listens on yet (the SMTP server comes up on it later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A real SMTP server on loopback (the truly external host of a deployment), handing each message it takes to `received`. */
async function startSmtp(port: number, received: (message: string) => void): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('mail: the SMTP server checked at start', () => {
  let port: number;
  const smtp = process.env.SMTP_URL;
  beforeAll(async () => {
    port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  afterAll(() => {
    if (smtp === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = smtp;
  });

  it('when the SMTP server cannot be reached at start, then one warning line says so; once it answers, none', async () => {
    const warn = jest.spyOn(log, 'warn');
    try {
      expect(await verifyMailServer()).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(new RegExp(`^The SMTP server of SMTP_URL \\(127\\.0\\.0\\.1:${port}\\) cannot be reached: .+ Mails wait in the outbox`));
      const server = await startSmtp(port, () => {});
      try {
        warn.mockClear();
        expect(await verifyMailServer()).toBe(true);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    } finally {
      warn.mockRestore();
    }
  });
});

describe('account service: mail while the SMTP server is down', () => {
  let cloud: TestAccount;
  let port: number;
  const clock = new FakeClock(Date.parse('2026-11-28T12:00:00Z'));
  const smtp = process.env.SMTP_URL;
  const outbox = () => path.join(cloud.dataDir, 'outbox');
  beforeAll(async () => {
    port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    // The service's own mailer (no test double), through SMTP_URL.
    cloud = await startTestAccount({ mailer: undefined, clock });
  });
  afterAll(async () => {
    if (smtp === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = smtp;
    await cloud.stop();
  });

  it('when a password is forgotten while the server is down, then an existing and an unknown address both answer 204, and the mail arrives once the server is up', async () => {
    const { email } = await cloud.signUp();
    await cloud.http().post('/login/password-forgotten').send({ email }).expect(204);
    await cloud.http().post('/login/password-forgotten').send({ email: `nobody-${Date.now()}@example.com` }).expect(204);
    // The first attempts failed: the mails (the welcome and the reset) wait in the outbox for their retry.
    await mailOutbox(outbox(), clock).idle();
    expect(readdirSync(queueDir(outbox())).filter((name) => name.endsWith('.json'))).not.toEqual([]);

    let arrived: (message: string) => void = () => {};
    const arrival = new Promise<string>((resolve) => (arrived = resolve));
    const server = await startSmtp(port, (message) => message.includes('Subject: Reset your password') && arrived(message));
    try {
      clock.advance(retryDelay(1));
      const message = await arrival;
      expect(message).toContain(`To: ${email}`);
      await mailOutbox(outbox(), clock).idle();
      expect(readdirSync(queueDir(outbox())).filter((name) => name.endsWith('.json'))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('mail: a mail the SMTP server refuses for good', () => {
  const smtp = process.env.SMTP_URL;
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'mail-refused-'));
  let server: SMTPServer;
  beforeAll(async () => {
    const port = await freePort();
    server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onRcptTo: (_address, _session, done) => done(Object.assign(new Error('No such mailbox'), { responseCode: 550 })) });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (smtp === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = smtp;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('when the server answers 550 for the recipient, then the mail is not retried but kept in undeliverable/', async () => {
    const clock = new FakeClock(Date.parse('2026-11-28T12:00:00Z'));
    const { messageId } = await sendMail({ from: 'a@example.com', to: 'gone@example.com', subject: 'Hello', text: 'Hi' }, outboxDir, 'refused', clock);
    await mailOutbox(outboxDir, clock).idle();
    expect(readdirSync(queueDir(outboxDir))).toEqual([]);
    const kept = readdirSync(path.join(outboxDir, 'undeliverable'));
    expect(kept).toEqual(['refused.json']);
    expect(readFileSync(path.join(outboxDir, 'undeliverable', 'refused.json'), 'utf8')).toContain(messageId);
  });
});

describe('mail: the outbox after a restart', () => {
  const smtp = process.env.SMTP_URL;
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'mail-restart-'));
  afterAll(() => {
    if (smtp === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = smtp;
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('when a process stopped with a mail in the queue, then the next one sends it as it starts', async () => {
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const clock = new FakeClock(Date.parse('2026-11-28T12:00:00Z'));
    await sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'Kept', text: 'Hi' }, outboxDir, 'kept', clock);
    await mailOutbox(outboxDir, clock).idle();
    expect(readdirSync(queueDir(outboxDir))).toEqual(['kept.json']);

    let arrived: (message: string) => void = () => {};
    const arrival = new Promise<string>((resolve) => (arrived = resolve));
    const server = await startSmtp(port, (message) => arrived(message));
    try {
      // A fresh copy of the mail module stands for the next process: it knows nothing of the first one's queue but the folder.
      let restarted!: typeof import('../../http/mail.js');
      let restartedOutbox!: typeof import('../../http/mail-outbox.js');
      jest.isolateModules(() => {
        restarted = jest.requireActual('../../http/mail.js');
        restartedOutbox = jest.requireActual('../../http/mail-outbox.js');
      });
      // It starts once the mail's retry is due (a restart keeps the back-off).
      const later = new FakeClock(clock.now() + retryDelay(1));
      restarted.resumeMailOutbox(outboxDir, later);
      expect(await arrival).toContain('Subject: Kept');
      await restartedOutbox.mailOutbox(outboxDir, later).idle();
      expect(readdirSync(queueDir(outboxDir))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
