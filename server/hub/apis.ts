import type { HubApiId } from '../../generated/hub/index.js';
import type { ApiModule } from '../http/api.js';
import type { HubContext } from './context.js';
import { zones } from './zones/api.js';

/** Every hub manager's handlers. A manager in the contract without an entry here is a compile error. */
export const hubApis = {
  zones,
} satisfies Record<HubApiId, ApiModule<HubContext>>;
