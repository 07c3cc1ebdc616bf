import { createHash, randomBytes } from 'node:crypto';
import type { TestAccount } from '../testing/test-account.js';
import { PASSWORD } from '../testing/test-account.js';
import type { ClientRegistration } from './clients.js';

/** A PKCE pair (RFC 7636): a verifier and its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The hidden fields of the sign-in page's form, as a browser would send them back. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(name!)] = unescape(value!);
  return fields;
}

/** Whether a page is the consent page (its forms post to the consent route). */
export const isConsentPage = (html: string) => html.includes('action="/oauth2/authorise/consent"');

/** Walks the sign-in page as a browser: opens it, signs in (allowing the app if asked), and returns the code of the redirect. */
export async function authorise(
  cloud: TestAccount,
  { client, email, password = PASSWORD, challenge, scope, state = 'state-1' }: { client: ClientRegistration; email: string; password?: string; challenge?: string; scope?: string; state?: string },
): Promise<string> {
  const query: Record<string, string> = { client_id: client.id, redirect_uri: client.redirectUris[0]!, response_type: 'code', state };
  if (challenge) Object.assign(query, { code_challenge: challenge, code_challenge_method: 'S256' });
  if (scope) query.scope = scope;
  const page = await cloud.http().get('/oauth2/authorise').query(query).expect(200);
  const form = { ...formFields(page.text), email, password };
  let res = await cloud.http().post('/oauth2/authorise').type('form').send(form);
  // A third party's app the user has not allowed these scopes yet: the user allows it on the consent page.
  if (res.status === 200 && isConsentPage(res.text)) res = await cloud.http().post('/oauth2/authorise/consent').type('form').send({ ...formFields(res.text), decision: 'allow' });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  const location = new URL(res.headers.location!);
  if (location.searchParams.get('state') !== state) throw new Error(`state not sent back: ${location.href}`);
  return location.searchParams.get('code')!;
}

/** The browser's part of a client's sign-in: opens its login URL, posts the page's form as a browser would (allowing the app if asked), answers the redirect. */
export async function signInOnPage(loginUrl: string, email: string, password = PASSWORD): Promise<URL> {
  const page = await fetch(loginUrl);
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
  const form = new URLSearchParams({ ...formFields(await page.text()), email, password });
  let answer = await fetch(new URL('/oauth2/authorise', loginUrl), { method: 'POST', body: form, redirect: 'manual' });
  const consent = answer.status === 200 ? await answer.text() : '';
  if (isConsentPage(consent)) {
    const allow = new URLSearchParams({ ...formFields(consent), decision: 'allow' });
    answer = await fetch(new URL('/oauth2/authorise/consent', loginUrl), { method: 'POST', body: allow, redirect: 'manual' });
  }
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return new URL(answer.headers.get('Location')!);
}
