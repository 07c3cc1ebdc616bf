import { adminOnly, signedInUser } from '../guards.js';
import * as selfHosted from '../self-hosted-servers.js';
import type { AccountHandlers } from './table.js';

/** Self-hosted servers: their owner's calls, and the billing system's (admins). */
export const selfHostedHandlers = {
  createHomeySelfHostedServer: { guard: signedInUser, handle: (_args, context) => selfHosted.createSelfHostedServer(context) },
  deleteHomeySelfHostedServer: { guard: signedInUser, handle: ({ homeyId }, context) => selfHosted.deleteSelfHostedServer(context, homeyId) },
  updateHomeySelfHostedServerSubscription: { guard: adminOnly, handle: ({ homeyId, ...subscription }, { account }) => selfHosted.setSubscription(account, homeyId, subscription) },
  transferHomeySelfHostedServerLifetimeLicense: { guard: signedInUser, handle: ({ homeyId, newHomeyId }, context) => selfHosted.transferLifetimeLicense(context, homeyId, newHomeyId) },
  updateHomeySelfHostedServerCustomHostname: { guard: signedInUser, handle: ({ homeyId, customHostname }, context) => selfHosted.setCustomHostname(context, homeyId, customHostname) },
  deleteHomeySelfHostedServerCustomHostname: { guard: signedInUser, handle: ({ homeyId }, context) => selfHosted.setCustomHostname(context, homeyId, null) },
  expireSelfHostedServerSubscriptions: { guard: adminOnly, handle: async (_args, { account }) => ({ homeyIds: await selfHosted.expireSubscriptions(account) }) },
} satisfies AccountHandlers;
