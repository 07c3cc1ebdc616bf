import { adminOnly } from '../guards.js';
import * as stats from '../statistics.js';
import type { AccountGuards, AccountHandlers } from './table.js';

/** Production's and support's figures: admins only. */
export const statisticsHandlers = {
  getAppInstallsStatistics: (_args, { account }) => stats.appInstalls(account),
  getAppDriversStatistics: (_args, { account }) => stats.appDrivers(account),
  getAppFlowCardsStatistics: (_args, { account }) => stats.appFlowCards(account),
  getLocationStatistics: ({ since }, { account }) => stats.locations(account, since),
  getVersionStatistics: (_args, { account }) => stats.versions(account),
  getProductionStatistics: ({ min, max }, { account }) => stats.production(account, min, max),
  getHomeyOwnerContactDetails: (filter, { account }) => stats.owners(account, filter),
} satisfies AccountHandlers;

export const statisticsGuards = {
  getAppInstallsStatistics: adminOnly,
  getAppDriversStatistics: adminOnly,
  getAppFlowCardsStatistics: adminOnly,
  getLocationStatistics: adminOnly,
  getVersionStatistics: adminOnly,
  getProductionStatistics: adminOnly,
  getHomeyOwnerContactDetails: adminOnly,
} satisfies AccountGuards;
