import { startTestAccount, type TestAccount } from './testing/test-account.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(64, 3)]);

describe('account service: avatars', () => {
  let cloud: TestAccount;
  beforeAll(async () => {
    cloud = await startTestAccount();
  });
  afterAll(() => cloud.stop());

  const upload = (id: string, auth: Record<string, string>, data: Buffer, contentType: string, filename = 'avatar') =>
    cloud.http().post(`/user/${id}/avatar`).set(auth).attach('avatar', data, { filename, contentType });

  it.each([['image/png', PNG], ['image/jpeg', JPEG], ['image/gif', GIF]] as const)('when a %s is uploaded, then the account links it and it is served as uploaded', async (type, data) => {
    const user = await cloud.user();
    const { body } = await upload(user.id, user.auth, data, type).expect(200);
    expect(body.avatar).toMatch(new RegExp(`^${cloud.account.publicUrl}/user/${user.id}/avatar\\?v=[A-Za-z0-9_-]{22}$`));
    expect((await cloud.http().get('/user/me').set(user.auth).expect(200)).body.avatar).toBe(body.avatar);
    const image = await cloud.http().get(`/user/${user.id}/avatar`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(image.headers['content-type']).toBe(type);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.body).toEqual(data);
    await cloud.http().get(`/user/${user.id}/avatar`).set('If-None-Match', image.headers.etag!).expect(304);
  });

  it('when the type is not jpeg, png or gif, or the bytes are not what the type says, then 400', async () => {
    const user = await cloud.user();
    const svg = await upload(user.id, user.auth, Buffer.from('<svg/>'), 'image/svg+xml').expect(400);
    expect(svg.body.error_description).toBe('The avatar must be of type image/jpeg, image/png or image/gif');
    const fake = await upload(user.id, user.auth, Buffer.from('<html>'), 'image/png').expect(400);
    expect(fake.body.error_description).toBe('The avatar is not a PNG image');
    const wrongField = await cloud.http().post(`/user/${user.id}/avatar`).set(user.auth).attach('picture', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(400);
    expect(wrongField.body.error_description).toBe('Missing argument: avatar');
    await cloud.http().post(`/user/${user.id}/avatar`).set(user.auth).send({ avatar: 'x' }).expect(415);
  });

  it('when the image is larger than 2 MiB, then 413', async () => {
    const user = await cloud.user();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(user.id, user.auth, big, 'image/png').expect(413);
    expect(res.body.error).toBe('payload_too_large');
  });

  it("when uploading without a token, without scope account or for another account, then 401, 403, 403; an account without avatar, 404", async () => {
    const user = await cloud.user();
    const other = await cloud.user();
    await cloud.http().post(`/user/${user.id}/avatar`).attach('avatar', PNG, { filename: 'a.png', contentType: 'image/png' }).expect(401);
    const readonly = (await cloud.tokens(user.email, undefined, 'account.readonly')).access_token;
    const scoped = await upload(user.id, { Authorization: `Bearer ${readonly}` }, PNG, 'image/png').expect(403);
    expect(scoped.body.error).toBe('insufficient_scope');
    await upload(user.id, other.auth, PNG, 'image/png').expect(403);
    await cloud.http().get(`/user/${other.id}/avatar`).expect(404);
    await cloud.http().get('/user/nope/avatar').expect(400);
  });
});
