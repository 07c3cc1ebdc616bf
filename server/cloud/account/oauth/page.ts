/** The HTML of the sign-in page: self-contained, no script, every value escaped. */
import { escapeHtml, htmlLayout } from '../../../http/html-page.js';

/** The OAuth parameters the form carries back to POST /oauth2/authorise. */
export type Hidden = Record<string, string | undefined>;

export function signInPage(appName: string, hidden: Hidden, message?: string, email = ''): string {
  const fields = Object.entries(hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return htmlLayout(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to <strong>${escapeHtml(appName)}</strong></p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/oauth2/authorise">
${fields}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export const errorPage = (message: string) => htmlLayout('Sign-in error', `<h1>Cannot sign in</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
