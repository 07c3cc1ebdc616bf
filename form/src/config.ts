/**
 * Where the form finds the services it talks to. Settings given when the form is built (FORM_CLOUD_URL,
 * FORM_CLIENT_ID, FORM_HELP_CENTRE_URL, FORM_COMMUNITY_URL: see vite.config.ts) override the defaults, which suit
 * `npm start`: the account service beside the form on port 4861 of the same host name, and the public OAuth client
 * `demo-browser-app` whose redirect URI is the form's own origin.
 */
interface Settings {
  cloudUrl?: string;
  clientId?: string;
  helpCentreUrl?: string;
  communityUrl?: string;
}
declare const __FORM_SETTINGS__: Settings;

const settings: Settings = typeof __FORM_SETTINGS__ === 'undefined' ? {} : __FORM_SETTINGS__;
// Outside a browser (unit tests rendering to a string) the form is taken to be where `npm start` serves it.
const here = globalThis.location ?? new URL('http://127.0.0.1:4860/');

export const config = {
  cloudUrl: settings.cloudUrl ?? `${here.protocol}//${here.hostname}:4861`,
  clientId: settings.clientId ?? 'demo-browser-app',
  redirectUrl: `${here.origin}/`,
  helpCentreUrl: settings.helpCentreUrl ?? 'https://support.example.com/hc/en-us',
  communityUrl: settings.communityUrl ?? 'https://community.example.com',
};

/** The scopes the form asks for: the account (user, hubs) and the hubs themselves (diagnostics, apps, updates). */
export const SCOPES = ['account', 'homey'];
