import { adminOnly } from '../guards.js';
import * as stats from '../statistics.js';
import type { AccountHandlers } from './table.js';

/** Production's and support's figures: admins only. */
export const statisticsHandlers = {
  getAppInstallsStatistics: { guard: adminOnly, handle: (_args, { account }) => stats.appInstalls(account) },
  getAppDriversStatistics: { guard: adminOnly, handle: (_args, { account }) => stats.appDrivers(account) },
  getAppFlowCardsStatistics: { guard: adminOnly, handle: (_args, { account }) => stats.appFlowCards(account) },
  getLocationStatistics: { guard: adminOnly, handle: ({ since }, { account }) => stats.locations(account, since) },
  getVersionStatistics: { guard: adminOnly, handle: (_args, { account }) => stats.versions(account) },
  getProductionStatistics: { guard: adminOnly, handle: ({ min, max }, { account }) => stats.production(account, min, max) },
  getHomeyOwnerContactDetails: { guard: adminOnly, handle: (filter, { account }) => stats.owners(account, filter) },
} satisfies AccountHandlers;
