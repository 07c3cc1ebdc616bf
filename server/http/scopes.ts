/** The kernel's scope checks use the one matcher the client library publishes too (client/scopes.ts). */
export { grants, hasScope, intersectScopes } from '../../client/scopes.js';
