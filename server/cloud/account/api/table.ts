import * as manifest from '../../../../generated/cloud/account.operations.js';
import type { operations } from '../../../../generated/cloud/account.js';
import type { Handlers } from '../../../http/api.js';
import type { AccountContext } from '../context.js';

/**
 * Operations that read a form or multipart body, or answer HTML or redirects, are served beside the dispatcher
 * (oauth/, avatar.ts), as are those that read a header (region.ts): the rest have handlers in the tables here.
 */
const { authorise, authoriseSignIn, authoriseConsent, getAccessToken, uploadUserAvatar, getRegion, getSystemStatus, ...dispatched } = manifest.operations;
export const rawOperations = { authorise, authoriseSignIn, authoriseConsent, getAccessToken, uploadUserAvatar, getRegion, getSystemStatus };
export const dispatchedOperations = dispatched;

type Dispatched = typeof dispatched;

/** One resource's handlers, each with its guard (guards.ts): a part of the whole table, which api.ts checks for completeness. */
export type AccountHandlers = Partial<Handlers<operations, Dispatched, AccountContext, true>>;
