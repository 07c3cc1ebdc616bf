import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HomeyAPI } from 'homey-api';
import { createWeatherService } from '../cloud/weather/service.js';
import { ensureDemoEnergyDongle } from './energydongle/demo.js';
import { startTestHub, type TestHub } from './testing/test-hub.js';
import { openViewer, type Viewer } from './videos/testing/viewer.js';

/** The official hub client, unchanged: homey-api 3.20.0's HomeyAPIV3Local and its own specification of every manager. */
interface SpecParameter {
  in: 'path' | 'query' | 'body';
  type?: string | string[];
  required?: boolean;
  root?: boolean;
}
interface SpecOperation {
  method: string;
  path: string;
  parameters?: Record<string, SpecParameter>;
}
interface SpecManager {
  id: string;
  idCamelCase: string;
  operations: Record<string, SpecOperation>;
}
const specFile = createRequire(__filename).resolve('homey-api/assets/specifications/HomeyAPIV3Local.json');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as { managers: Record<string, SpecManager> };

/**
 * What cannot be sent to the hub under test without ending the test: a reboot, an update's install (a simulated
 * reboot into the new version) and deleting the caller's own user (the owner whose token the client holds).
 */
const NOT_SENT: Readonly<Record<string, string>> = {
  'system.reboot': 'reboots the hub',
  'system.rebootOTA': 'reboots the hub',
  'updates.installUpdate': 'reboots the hub into the new version',
  'users.deleteUserMe': 'deletes the owner whose token the client holds',
};

/** The managers issue 29 §4 added: each of their operations must succeed, not only be reached (but the two named below). */
const NEW_MANAGERS = new Set(['energydongle', 'videos', 'weather', 'satellites', 'api', 'arp', 'clock', 'cron', 'discovery', 'icons', 'safety', 'security', 'vdevice', 'webserver']);
/** New operations whose answer here is an error by design: a telegram asked within 1 ms. */
const EXPECTED_ERRORS: Readonly<Record<string, number[]>> = { 'energydongle.getNextFrame': [503] };

/** A value of the parameter's type, for operations called only to see that the hub serves them. */
function placeholder(parameter: SpecParameter): unknown {
  const type = Array.isArray(parameter.type) ? parameter.type[0] : parameter.type;
  return type === 'number' ? 1 : type === 'boolean' ? true : type === 'object' ? {} : type === 'array' ? [] : 'placeholder';
}

type Outcome = { ok: true } | { ok: false; statusCode?: number; message: string };

describe('the official hub client (homey-api 3.20.0 HomeyAPIV3Local) against the hub', () => {
  const weather = createWeatherService({});
  let hub: TestHub;
  let client: Record<string, Record<string, (args: Record<string, unknown>) => Promise<unknown>>>;
  /**
   * Real arguments for the new managers' operations, by `<manager>.<operationId>`, and for rf.record its shortest
   * listening time (100 ms, not the default 10 s: it answers 408 either way, as nothing transmits).
   */
  let realArgs: Record<string, Record<string, unknown>>;
  /** A real WebRTC peer's offer for videoOffer (its connection and media: server/hub/videos/webrtc.test.ts). */
  let viewer: Viewer;
  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true, weatherUrl: await weather.listen(0) });
    client = (await HomeyAPI.createLocalAPI({ address: hub.url, token: hub.token, debug: null })) as unknown as typeof client;
    const dongle = ensureDemoEnergyDongle(hub.hub)!.id;
    const video = hub.hub.store.values('video')[0]!.id;
    const { body: stream } = await hub.http().get(`/api/manager/videos/video/${video}/video-url`).set('Authorization', `Bearer ${hub.token}`).expect(200);
    const onDongle = { deviceId: dongle };
    viewer = await openViewer();
    realArgs = {
      'energydongle.setOptionPhaseLoadNotificationSettings': { value: { enabled: true, threshold: 90 } },
      'energydongle.createAndUploadDiagnosticReport': { ...onDongle, timeout: 1 },
      'energydongle.getNextFrame': { ...onDongle, timeout: '1' },
      'energydongle.restartSettingsDiscovery': onDongle,
      'energydongle.getUartConfig': onDongle,
      'energydongle.setUartConfig': { ...onDongle, baudRate: 115200, persistent: true },
      'energydongle.checkFirmwareUpdateAvailable': onDongle,
      'energydongle.installFirmwareUpdate': { ...onDongle, updateThroughReboot: false },
      'energydongle.reboot': onDongle,
      'energydongle.setPhaseLoadLimits': { ...onDongle, phasesConfigured: 3, capacity: 25 },
      'energydongle.getPhaseLoadLimits': onDongle,
      'videos.videoOffer': { id: video, offer: viewer.offerSdp },
      'videos.videoKeepAlive': { id: video, streamId: stream.streamId },
      'videos.getVideoUrl': { id: video },
      'satellites.setDebugLogging': { serial: 'HB2301A0001', peripheral: 'zigbee', enabled: true },
      'satellites.getDebugLog': { serial: 'HB2301A0001' },
      'rf.record': { timeout: 100 },
    };
  });
  afterAll(async () => {
    (client as unknown as { destroy(): void }).destroy();
    await viewer.close();
    await hub.stop();
    await weather.close();
  });

  const operations = Object.values(spec.managers).flatMap((manager) =>
    Object.entries(manager.operations).map(([operationId, operation]) => ({ manager, operationId, operation, name: `${manager.id}.${operationId}` })),
  );

  async function call({ manager, operationId, operation, name }: (typeof operations)[number]): Promise<Outcome> {
    const args = realArgs[name] ?? Object.fromEntries(
      Object.entries(operation.parameters ?? {}).filter(([, parameter]) => parameter.required || parameter.in === 'path').map(([id, parameter]) => [id, placeholder(parameter)]),
    );
    try {
      await client[manager.idCamelCase]![operationId]!(args);
      return { ok: true };
    } catch (error) {
      const { statusCode, message } = error as { statusCode?: number; message: string };
      return { ok: false, statusCode, message };
    }
  }

  // Before the sweep, which calls the same operations with placeholders (a location unset, the firmware installed).
  it('when the new managers\' operations are called with real arguments, then each works', async () => {
    const fresh = operations.filter(({ manager }) => NEW_MANAGERS.has(manager.id));
    expect(fresh.map(({ name }) => name)).toHaveLength(13 + 5 + 3 + 3 + 10);
    const failed: string[] = [];
    for (const operation of fresh) {
      const outcome = await call(operation);
      const expected = EXPECTED_ERRORS[operation.name];
      if (expected ? outcome.ok || !expected.includes(outcome.statusCode!) : !outcome.ok) failed.push(`${operation.name}: ${outcome.ok ? 'succeeded' : outcome.message}`);
    }
    expect(failed).toEqual([]);
  }, 120_000);
  it('when every operation of its specification is called, then the hub serves each (all but the four that would end the test)', async () => {
    expect(operations).toHaveLength(352);
    const notServed: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      if (NOT_SENT[operation.name]) continue;
      sent += 1;
      const outcome = await call(operation);
      // The kernel answers a path no operation has with `Not found: <METHOD> <path>`; a 405 names a method it lacks.
      if (!outcome.ok && (/^Not found: /.test(outcome.message) || outcome.statusCode === 405 || outcome.statusCode === undefined)) notServed.push(`${operation.name}: ${outcome.message}`);
    }
    expect(notServed).toEqual([]);
    expect(sent).toBe(352 - Object.keys(NOT_SENT).length);
  }, 240_000);

});
