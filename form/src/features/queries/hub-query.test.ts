import { QueryClient } from '@tanstack/react-query';
import type { CloudUser } from '../../../../client/index.js';
import { hubQueryOptions } from './hub-query.js';

describe('the hub query', () => {
  it('when a hub is asked for, then the client library signs in to it with calls that may take the 30 s of seed 000 §9', async () => {
    const asked: unknown[] = [];
    // The user's sign-in to the hub is the client library's (tested there); this records what the form asks of it.
    const user = { authenticateHomey: async (options: unknown) => (asked.push(options), 'hub client') } as unknown as CloudUser;
    await expect(new QueryClient().fetchQuery(hubQueryOptions(user, 'hub-1'))).resolves.toBe('hub client');
    expect(asked).toEqual([{ homeyId: 'hub-1', timeout: 30_000 }]);
  });
});
