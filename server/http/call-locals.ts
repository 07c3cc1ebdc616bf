import type { OperationSpec } from '../../generated/manifest.js';
import type { Caller } from './dispatcher.js';

/**
 * What the stages of a call leave for the next, on `res.locals`: its own module, because the stages
 * (operation-stages.ts) use the contract's checks (contract-validation.ts), which read the routed operation.
 */
export interface CallLocals<Context> {
  operation?: OperationSpec;
  /** The path parameters as Express routed them (the validator keeps only those its matched path names). */
  params?: Record<string, string>;
  context?: Context;
  caller?: Caller;
}
