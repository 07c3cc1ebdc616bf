import { QueryClient } from '@tanstack/react-query';
import { HubAPI } from '../../../../client/index.js';
import { startTestHub, type TestHub } from '../../../../server/hub/testing/test-hub.js';
import type { Session } from '../auth/session-query.js';
import { EmailFailure, emailDeveloper } from './email-developer.js';
import { hubQueryOptions } from './hub-query.js';

describe('e-mail to an app developer through the hub', () => {
  let hub: TestHub;
  let queryClient: QueryClient;
  const session = (authenticateHomey: () => Promise<HubAPI>) => ({ user: { authenticateHomey } }) as unknown as Session;

  beforeAll(async () => {
    hub = await startTestHub({ demoApps: true });
    queryClient = new QueryClient();
  });
  afterAll(() => hub.stop());
  beforeEach(() => queryClient.clear());

  it('when the hub knows the app, then the e-mail is sent', async () => {
    const client = HubAPI.open({ address: hub.url, id: hub.hub.id, token: hub.token });
    const apps = Object.keys(await client.apps.getApps());
    await expect(emailDeveloper(queryClient, session(async () => client), hub.hub.id, apps[0]!, 'The app stops after a minute, every time.')).resolves.toBeUndefined();
    expect(queryClient.getQueryData(hubQueryOptions(session(async () => client).user, hub.hub.id).queryKey)).toBe(client);
  });

  it("when the hub refuses the app, then the failure names the reason in the seed's words", async () => {
    const client = HubAPI.open({ address: hub.url, id: hub.hub.id, token: hub.token });
    const failure = await emailDeveloper(queryClient, session(async () => client), hub.hub.id, 'com.example.unknown', 'The app stops after a minute, every time.').catch((error: EmailFailure) => error);
    expect(failure).toBeInstanceOf(EmailFailure);
    expect((failure as EmailFailure).offline).toBe(false);
    expect((failure as EmailFailure).message).toMatch(/^We've encountered a problem sending the email\. .+\.$/);
  });

  it('when the hub cannot be reached, then the failure is the offline text', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await emailDeveloper(queryClient, session(() => Promise.reject(new Error('No Homey Found At Address'))), 'h', 'com.example.app', 'The app stops after a minute.').catch((error: EmailFailure) => error);
    expect((failure as EmailFailure).message).toBe(
      'Unfortunately, we were unable to generate a diagnostic report of the app to send with the email because your hub appears to be offline.',
    );
    logged.mockRestore();
  });
});
