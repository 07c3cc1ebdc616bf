import { adminOnly, signedInUser } from '../guards.js';
import * as selfHosted from '../self-hosted-servers.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/** Self-hosted servers: their owner's calls, and the billing system's (admins). */
export const selfHostedHandlers = {
  createHomeySelfHostedServer: (_args, context) => selfHosted.createSelfHostedServer(context),
  deleteHomeySelfHostedServer: ({ homeyId }, context) => selfHosted.deleteSelfHostedServer(context, homeyId),
  updateHomeySelfHostedServerSubscription: ({ homeyId, ...subscription }, { account }) => selfHosted.setSubscription(account, homeyId, subscription),
  transferHomeySelfHostedServerLifetimeLicense: ({ homeyId, newHomeyId }, context) => selfHosted.transferLifetimeLicense(context, homeyId, newHomeyId),
  updateHomeySelfHostedServerCustomHostname: ({ homeyId, customHostname }, context) => selfHosted.setCustomHostname(context, homeyId, customHostname),
  deleteHomeySelfHostedServerCustomHostname: ({ homeyId }, context) => selfHosted.setCustomHostname(context, homeyId, null),
  expireSelfHostedServerSubscriptions: async (_args, { account }) => ({ homeyIds: await selfHosted.expireSubscriptions(account) }),
} satisfies AccountHandlers;

export const selfHostedGuards = {
  createHomeySelfHostedServer: signedInUser,
  deleteHomeySelfHostedServer: signedInUser,
  updateHomeySelfHostedServerSubscription: adminOnly,
  transferHomeySelfHostedServerLifetimeLicense: signedInUser,
  updateHomeySelfHostedServerCustomHostname: signedInUser,
  deleteHomeySelfHostedServerCustomHostname: signedInUser,
  expireSelfHostedServerSubscriptions: adminOnly,
} satisfies AccountGuards;
