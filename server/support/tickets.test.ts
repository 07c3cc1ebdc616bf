import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestSupport, type TestSupport } from './testing.js';
import { TICKETS_PER_HOUR } from './ticket-throttle.js';

const question = {
  subject: 'Zigbee sensors drop off every night',
  message: 'Since the last update my three Zigbee motion sensors stop reporting around 2 am.',
  name: 'Anna de Vries',
  email: 'anna@example.com',
  tags: ['hub_pro', 'zigbee'],
  diagnosticReport: "Couldn't generate report",
  homeyApps: 'com.example.suntimes 1.2.0',
  homeyAppsCount: 1,
  homeyBridges: 0,
  homeyId: '5f3e8a1c9b2d4e6f7a8b9c0d',
  homeyModel: 'homey-pro',
  underVoltagePercentage: "Couldn't get under voltage ratio",
  supportFormPath: 'My Hubs → Wireless → Zigbee',
};

/** The .eml's text part is quoted-printable (long lines broken with '=', UTF-8 bytes as =XX). */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

describe('support back end: createTicket, getTicket and getTickets', () => {
  let support: TestSupport;
  let anna: { id: string; email: string; token: string; auth: { Authorization: string } };
  let bert: typeof anna;
  const upload = async (auth: Record<string, string>, name: string) =>
    (await support.http().post(`/api/zendesk/attachment?filename=${name}&mimetype=image/png`).set(auth).set('Content-Type', 'image/png').send(Buffer.alloc(3000, 1)).expect(200)).body.token as string;
  const send = (auth: Record<string, string>, body: object) => support.http().post('/api/zendesk/ticket').set(auth).send(body);
  const outbox = () => path.join(support.dataDir, 'outbox');

  beforeAll(async () => {
    delete process.env.SMTP_URL;
    support = await startTestSupport();
    anna = await support.verifiedUser();
    bert = await support.verifiedUser();
  });
  afterAll(() => support.stop());

  it('when a customer sends a ticket with two uploads, then it is stored with them and a confirmation .eml goes to their account address', async () => {
    const tokens = [await upload(anna.auth, 'one.png'), await upload(anna.auth, 'two.png')];
    const { body } = await send(anna.auth, { ...question, uploadTokens: tokens }).expect(200);
    expect(body.ticketCreated).toBe(true);
    expect(body.confirmationSent).toBe(true);
    expect(body.ticket).toMatchObject({
      id: '1001',
      status: 'new',
      subject: question.subject,
      requester: { userId: anna.id, name: 'Test', email: anna.email },
      tags: ['hub_pro', 'zigbee'],
      attachments: [{ filename: 'one.png', mimetype: 'image/png', size: 3000 }, { filename: 'two.png', mimetype: 'image/png', size: 3000 }],
      details: { name: 'Anna de Vries', homeyModel: 'homey-pro', homeyBridges: 0, supportFormPath: 'My Hubs → Wireless → Zigbee' },
    });
    const [file] = readdirSync(outbox()).filter((name) => name.endsWith('-ticket-1001.eml'));
    const eml = decodeQuotedPrintable(readFileSync(path.join(outbox(), file!), 'latin1'));
    expect(eml).toMatch(new RegExp(`^To: ${anna.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(eml).toMatch(/^From: Support team <support@homey\.local>$/m);
    expect(eml).toMatch(/^Subject: \[Request #1001\] Zigbee sensors drop off every night$/m);
    expect(eml).toContain('Expected response time: 1-2 weeks');
    expect(eml).toContain('> Since the last update my three Zigbee motion sensors stop reporting around 2 am.');
    expect(eml).toContain('- one.png (3 kB)');
  });

  it('when reading tickets, then the owner gets them newest first and another customer gets 404 and an empty list', async () => {
    await send(anna.auth, { subject: 'Second', message: 'A second question of twenty characters or more.' }).expect(200);
    const { body: list } = await support.http().get('/api/zendesk/ticket').set(anna.auth).expect(200);
    expect(list.map((ticket: { id: string }) => ticket.id)).toEqual(['1002', '1001']);
    expect((await support.http().get('/api/zendesk/ticket/1001').set(anna.auth).expect(200)).body.attachments).toHaveLength(2);
    expect((await support.http().get('/api/zendesk/ticket/1001').set(bert.auth).expect(404)).body.error).toBe('not_found');
    expect((await support.http().get('/api/zendesk/ticket').set(bert.auth).expect(200)).body).toEqual([]);
    await support.http().get('/api/zendesk/ticket/9999').set(anna.auth).expect(404);
    await support.http().get('/api/zendesk/ticket/abc').set(anna.auth).expect(400);
  });

  it("when a ticket names another customer's upload, an unknown one or one a ticket took, then 404 and no ticket is stored; the upload stays its owner's to send", async () => {
    const bertsUpload = await upload(bert.auth, 'bert.png');
    const before = (await support.http().get('/api/zendesk/ticket').set(anna.auth).expect(200)).body.length;
    await send(anna.auth, { ...question, uploadTokens: [bertsUpload] }).expect(404);
    await send(anna.auth, { ...question, uploadTokens: ['AAAAAAAAAAAAAAAAAAAAAA'] }).expect(404);
    const taken = (await support.http().get('/api/zendesk/ticket/1001').set(anna.auth).expect(200)).body;
    expect(taken.attachments).toHaveLength(2);
    const mine = await upload(anna.auth, 'mine.png');
    await send(anna.auth, { ...question, uploadTokens: [mine] }).expect(200);
    await send(anna.auth, { ...question, uploadTokens: [mine] }).expect(404);
    expect((await support.http().get('/api/zendesk/ticket').set(anna.auth).expect(200)).body.length).toBe(before + 1);
    const berts = await send(bert.auth, { ...question, uploadTokens: [bertsUpload] }).expect(200);
    expect(berts.body.ticket.attachments).toEqual([expect.objectContaining({ filename: 'bert.png', size: 3000 })]);
  });

  it('when the subject, message or uploads break the rules, then 400 naming the argument', async () => {
    const fail = async (body: object) => (await send(anna.auth, body).expect(400)).body.error_description as string;
    expect(await fail({ ...question, subject: '' })).toMatch(/subject/);
    expect(await fail({ ...question, subject: 'x'.repeat(201) })).toMatch(/subject/);
    expect(await fail({ ...question, message: 'x'.repeat(19) })).toMatch(/message/);
    expect(await fail({ ...question, message: 'x'.repeat(10_001) })).toMatch(/message/);
    expect(await fail({ subject: 'No message' })).toMatch(/message/);
    const thirteen = Array.from({ length: 13 }, (_, i) => `token${String(i).padStart(11, '0')}`);
    expect(await fail({ ...question, uploadTokens: thirteen })).toMatch(/uploadTokens/);
    expect(await fail({ ...question, homeyUsers: 'two' })).toMatch(/homeyUsers/);
    expect(await fail({ ...question, unknownField: 1 })).toMatch(/unknownField/);
  });

  it('when no token comes, then 401 and nothing is stored', async () => {
    const count = (await support.http().get('/api/zendesk/ticket').set(anna.auth).expect(200)).body.length;
    await send({}, question).expect(401);
    expect((await support.http().get('/api/zendesk/ticket').set(anna.auth).expect(200)).body.length).toBe(count);
  });

  it('when a customer whose address is not verified sends a ticket, then it is stored but no mail goes to that address', async () => {
    const carl = await support.unverifiedUser();
    const before = readdirSync(outbox());
    const { body } = await send({ Authorization: `Bearer ${carl.token}` }, question).expect(200);
    expect(body).toMatchObject({ ticketCreated: true, confirmationSent: false, ticket: { requester: { email: carl.email } } });
    expect(readdirSync(outbox())).toEqual(before);
    expect((await support.http().get(`/api/zendesk/ticket/${body.ticket.id}`).set({ Authorization: `Bearer ${carl.token}` }).expect(200)).body.subject).toBe(question.subject);
  });

  it(`when an account sends more than ${TICKETS_PER_HOUR} tickets in an hour, then the next is refused with 429 and Retry-After, unstored and unmailed; refused tickets use no turn`, async () => {
    const dora = await support.verifiedUser();
    const auth = { Authorization: `Bearer ${dora.token}` };
    await send(auth, { ...question, uploadTokens: ['AAAAAAAAAAAAAAAAAAAAAA'] }).expect(404);
    for (let i = 0; i < TICKETS_PER_HOUR; i++) await send(auth, question).expect(200);
    const mails = readdirSync(outbox()).length;
    const refused = await send(auth, question).expect(429);
    expect(refused.body).toMatchObject({ error: 'too_many_requests', statusCode: 429 });
    expect(refused.body.error_description).toMatch(/At most 5 tickets an hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await support.http().get('/api/zendesk/ticket').set(auth).expect(200)).body).toHaveLength(TICKETS_PER_HOUR);
    expect(readdirSync(outbox()).length).toBe(mails);
    await send(anna.auth, question).expect(200);
  });

  it('when uploads finish in another order than the ticket names them, then its attachments keep the order the ticket gave', async () => {
    const later = await upload(bert.auth, 'later.png');
    const first = await upload(bert.auth, 'first.png');
    const { body } = await send(bert.auth, { ...question, uploadTokens: [first, later] }).expect(200);
    expect(body.ticket.attachments.map((file: { filename: string }) => file.filename)).toEqual(['first.png', 'later.png']);
  });
});
