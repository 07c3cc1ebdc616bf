import { formFields } from '../../server/cloud/account/oauth/testing.js';
import { PASSWORD } from '../../server/cloud/account/testing/test-account.js';

/** The browser's part of the sign-in: opens the page, posts its form as a browser would, follows to the redirect. */
export async function signInOnPage(loginUrl: string, email: string, password = PASSWORD): Promise<URL> {
  const page = await fetch(loginUrl);
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
  const form = new URLSearchParams({ ...formFields(await page.text()), email, password });
  const answer = await fetch(new URL('/oauth2/authorise', loginUrl), { method: 'POST', body: form, redirect: 'manual' });
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}`);
  return new URL(answer.headers.get('Location')!);
}
