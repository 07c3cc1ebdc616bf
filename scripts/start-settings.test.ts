import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readStartSettings, SettingsError, unknownSettings } from './start-settings.js';

describe("npm start's settings (scripts/start-settings.ts)", () => {
  const work = mkdtempSync(path.join(tmpdir(), 'start-settings-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const read = (env: Record<string, string>) => readStartSettings({ DATA_DIR: dataDir, ...env }, '/repo');
  const problems = (env: Record<string, string>): string[] => {
    try {
      read(env);
    } catch (error) {
      if (error instanceof SettingsError) return error.problems;
      throw error;
    }
    throw new Error('no problem found');
  };

  it('when only the data folder is set, then the defaults hold, and the data folder is made and left empty', () => {
    expect(read({})).toMatchObject({ host: '127.0.0.1', hubPort: 4859, formPort: 4860, cloudPort: 4861, connectPort: 4862, hubSecurePort: 4863, dataDir, docsDir: '/repo/dist/docs', hostNames: [], mdns: true });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('when every setting is right, then each is read as given', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyFile = path.join(work, 'cloud.pem');
    writeFileSync(keyFile, publicKey.export({ type: 'spki', format: 'pem' }));
    const settings = read({
      HOST: '0.0.0.0', HUB_PORT: '0', FORM_PORT: '5000', CLOUD_PORT: '65535', HUB_SECURE_PORT: '8443', HUB_HOSTNAMES: 'hub.example, kitchen.local',
      HUB_MDNS: 'off', CLOUD_DATABASE_URL: 'postgresql://app:secret@db.example:5432/cloud', SMTP_URL: 'smtps://mail.example',
      WEATHER_URL: 'https://weather.example', CLOUD_PUBLIC_KEY_FILE: keyFile, CLOUD_REGION: 'eu', LOG_LEVEL: 'debug',
    });
    expect(settings).toMatchObject({
      host: '0.0.0.0', hubPort: 0, formPort: 5000, cloudPort: 65535, hubSecurePort: 8443, hostNames: ['hub.example', 'kitchen.local'], mdns: false,
      cloudDatabaseUrl: 'postgresql://app:secret@db.example:5432/cloud', weatherUrl: 'https://weather.example', cloudRegion: 'eu',
    });
    expect(settings.cloudPublicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('when settings are wrong, then each gives one line saying what it must be, passwords masked', () => {
    expect(problems({
      HOST: 'my host', HUB_PORT: 'eighty', FORM_PORT: '70000', CLOUD_PORT: '-1', HUB_SECURE_PORT: '443s', HUB_HOSTNAMES: 'ok.example,bad_name', HUB_MDNS: 'maybe',
      LOG_LEVEL: 'loud', CLOUD_DATABASE_URL: 'database', SMTP_URL: 'http://user:hunter2@mail.example', WEATHER_URL: 'weather.example',
    })).toEqual([
      'HOST must be an address or host name to listen on, such as 127.0.0.1 or 0.0.0.0, not "my host".',
      'HUB_PORT must be a port number (0-65535), not "eighty".',
      'FORM_PORT must be a port number (0-65535), not "70000".',
      'CLOUD_PORT must be a port number (0-65535), not "-1".',
      'HUB_SECURE_PORT must be a port number (0-65535), not "443s".',
      'HUB_HOSTNAMES must list host names separated by commas; not host names: "bad_name".',
      'HUB_MDNS must be 1 or 0 (on or off), not "maybe".',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".',
      'CLOUD_DATABASE_URL must be a URL such as postgres://user:password@host:5432/database; the value given is not a URL.',
      'SMTP_URL must be a URL such as smtp://user:password@mail.example:587 or smtps://mail.example, not "http://user:***@mail.example/".',
      'WEATHER_URL must be a URL such as http://weather.example; the value given is not a URL.',
    ]);
    expect(problems({ CLOUD_DATABASE_URL: 'mysql://root:pw@db/cloud' })).toEqual([
      'CLOUD_DATABASE_URL must be a URL such as postgres://user:password@host:5432/database, not "mysql://root:***@db/cloud".',
    ]);
  });

  it('when the cloud runs as several instances, then REDIS_URL, CLOUD_INSTANCE_ID and TRUSTED_PROXIES are read, or each wrong one named', () => {
    expect(read({})).toMatchObject({ redisUrl: undefined, cloudInstanceId: undefined, trustedProxies: [] });
    expect(read({ REDIS_URL: 'redis://:pw@cache.example:6379/0', CLOUD_INSTANCE_ID: 'cloud-1', TRUSTED_PROXIES: '10.0.0.5, ::1' })).toMatchObject({
      redisUrl: 'redis://:pw@cache.example:6379/0', cloudInstanceId: 'cloud-1', trustedProxies: ['10.0.0.5', '::1'],
    });
    expect(problems({ REDIS_URL: 'http://user:hunter2@cache.example', CLOUD_INSTANCE_ID: 'cloud 1', TRUSTED_PROXIES: '10.0.0.5,proxy.example' })).toEqual([
      'REDIS_URL must be a URL such as redis://127.0.0.1:6379 or rediss://user:password@redis.example:6380/0, not "http://user:***@cache.example/".',
      'TRUSTED_PROXIES must list IP addresses separated by commas; not addresses: "proxy.example".',
      'CLOUD_INSTANCE_ID must be 1-64 letters, digits, dots, dashes or underscores, such as cloud-1, not "cloud 1".',
    ]);
  });

  it('when the data folder cannot be made or written, or the key file is not a public key, then it says which and why', () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(problems({ DATA_DIR: path.join(file, 'data'), CLOUD_PUBLIC_KEY_FILE: file })).toEqual([
      `CLOUD_PUBLIC_KEY_FILE must name a PEM public key file: ${file} (no "BEGIN PUBLIC KEY" block)`,
      `DATA_DIR must be a folder this user can write: ${path.join(file, 'data')} (ENOTDIR: not a directory)`,
    ]);
    expect(existsSync(path.join(file, 'data'))).toBe(false);
  });

  it('when DATA_DIR is under a folder that refuses new folders (/proc), then it says so at once instead of hanging', () => {
    expect(problems({ DATA_DIR: '/proc/nope/data' })).toEqual(['DATA_DIR must be a folder this user can write: /proc/nope/data (ENOENT: no such file or directory)']);
  });

  it("when variables look meant for npm start but are none of its settings, then each is warned about with the closest setting, and other programs' are not", () => {
    expect(unknownSettings({ HUB_PROT: '5000', DATADIR: '/tmp/data', CLOUD_DATABASE_URI: 'postgres://db', FORM_PORT: '1', CONNECT_PORTS: '2', HOME: '/root', HOSTNAME: 'box', PATH: '/bin' })).toEqual([
      'CLOUD_DATABASE_URI is not a setting of npm start and is ignored: did you mean CLOUD_DATABASE_URL?',
      'CONNECT_PORTS is not a setting of npm start and is ignored: did you mean CONNECT_PORT?',
      'DATADIR is not a setting of npm start and is ignored: did you mean DATA_DIR?',
      'HUB_PROT is not a setting of npm start and is ignored: did you mean HUB_PORT?',
    ]);
    // Far from every setting: no guess that would only puzzle.
    expect(unknownSettings({ CLOUD_SDK_VERSION: '500.0.0' })).toEqual(['CLOUD_SDK_VERSION is not a setting of npm start and is ignored: the settings are listed in docs/configuration.md.']);
  });
});
