/**
 * The form's fixed addresses. Where the services are (the account service, the store, the apps service) the form
 * reads from its own back end at start (GET /api/config, see features/services).
 */
// Outside a browser (unit tests rendering to a string) the form is taken to be where `npm start` serves it.
export const origin = globalThis.location?.origin ?? 'http://127.0.0.1:4860';

/** The product the form supports, as its page title, its header and the account service's sign-in page name it. */
export const PRODUCT_NAME = 'Open Hub Support';

export const links = {
  /** The help centre the support back end serves on the form's host. */
  helpCentre: `${origin}/hc`,
  /** Its article "Resetting a forgotten password". */
  signInHelp: `${origin}/hc/articles/360010000104`,
  community: 'https://community.example.com',
  communityTopic: (id: number) => `https://community.example.com/t/${id}`,
};

/** The form is its own OAuth2 redirect URI (registered with the account service for the public client). */
export const redirectUrl = `${origin}/`;

/** The scopes the form asks for: the account (user, hubs) and the hubs themselves (diagnostics, apps, updates). */
export const SCOPES = ['account', 'homey'];
