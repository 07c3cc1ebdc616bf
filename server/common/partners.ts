import type { components } from '../../generated/support.js';

type PartnerAuthorId = components['schemas']['PartnerAuthorId'];

/**
 * The five provider partners whose apps the provider supports itself (seed 000 §6): the support contract's
 * PartnerAuthorId enum, which the form reads through getConfig. Typed by the contract, so the two cannot drift.
 */
export const PARTNER_AUTHOR_IDS = [
  '5b0e6a1f3c2d4e5f6a7b8c90',
  '5b0e6a1f3c2d4e5f6a7b8c91',
  '5b0e6a1f3c2d4e5f6a7b8c92',
  '5b0e6a1f3c2d4e5f6a7b8c93',
  '5b0e6a1f3c2d4e5f6a7b8c94',
] as const satisfies readonly PartnerAuthorId[];
