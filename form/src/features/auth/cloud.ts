import { BrowserStorageAdapter, CloudAPI } from '../../../../client/index.js';
import { config } from '../../config.js';

/** The form's one client of the account service: a public client (PKCE), its token kept in localStorage 'homey-api'. */
export const cloud = new CloudAPI({
  baseUrl: config.cloudUrl,
  clientId: config.clientId,
  redirectUrl: config.redirectUrl,
  store: new BrowserStorageAdapter(),
});
