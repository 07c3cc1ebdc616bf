/**
 * A compile-fail fixture, checked by `tsc --noEmit` (npm test) and never run: each `@ts-expect-error` line is a call
 * the connect service could make to a hub that disagrees with the hub's contract, and tsc fails on any that compiles.
 */
import type { HubConnections } from './connections.js';
import { hubClient } from './hub-client.js';

export async function hubCalls(connections: HubConnections): Promise<void> {
  const hub = hubClient(connections, 'hub');
  const invite = { athomId: 'anna', inviteToken: 'token', name: 'Anna' };
  const { data } = await hub.POST('/api/manager/users/accept', { body: invite });
  // The answer is the hub's User: its athomId may be null (a local-only user).
  const athomId: string | null | undefined = data?.athomId;
  void athomId;

  // @ts-expect-error a path the hub does not have
  await hub.POST('/api/manager/users/acept', { body: invite });
  // @ts-expect-error a body without the invite's token
  await hub.POST('/api/manager/users/accept', { body: { athomId: 'anna', name: 'Anna' } });
  // @ts-expect-error a path argument the path does not have
  await hub.POST('/api/manager/cloud/webhook/{id}/callback', { params: { path: { webhookId: 'w' } }, body: { args: {} } });
  // @ts-expect-error the hub's user is not the account's: athomId may be null
  const accountUser: { athomId?: string } | undefined = data;
  void accountUser;
}
