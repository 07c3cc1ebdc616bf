/** The HTML of the sign-in page: self-contained, one fixed script, every value escaped. */
import { createHash } from 'node:crypto';
import { escapeHtml, htmlLayout } from '../../../http/html-page.js';

/** The OAuth parameters the form carries back to POST /oauth2/authorise. */
export type Hidden = Record<string, string | undefined>;

/** What went wrong at the last try: a message, and whether the password was wrong (the field to fix). */
export interface Problem {
  message: string;
  wrongPassword?: boolean;
}

const ERROR_ID = 'sign-in-error';

/**
 * The pages' one script (the sign-in and the consent page): it sends the form itself, asking for JSON, so that a sign-in's redirect back to the app
 * replaces this page's history entry (a posted form would leave the password form one Back away from the app); any
 * other answer (a wrong password, a wait) is the page, swapped in with its focus. Without it the form posts as is.
 */
export const PAGE_SCRIPT = `document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !('fetch' in window)) return;
  event.preventDefault();
  form.querySelector('button').disabled = true;
  try {
    const response = await fetch(form.action, { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams(new FormData(form)) });
    if ((response.headers.get('Content-Type') || '').startsWith('application/json')) return location.replace((await response.json()).location);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    page.querySelectorAll('script').forEach((script) => script.remove());
    document.title = page.title;
    document.querySelector('main').replaceWith(document.adoptNode(page.querySelector('main')));
    document.querySelector('[autofocus]')?.focus();
  } catch {
    form.submit();
  }
});`;

/** The CSP source that allows the page's script and no other. */
export const SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

export function signInPage(appName: string, hidden: Hidden, problem?: Problem, email = ''): string {
  const fields = Object.entries(hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  // After a wrong password the password field takes the focus (autofocus needs no script), marked invalid and tied
  // to the message, so a screen reader says what to fix where the user types it again.
  const passwordState = problem?.wrongPassword ? ` autofocus aria-invalid="true" aria-describedby="${ERROR_ID}"` : '';
  return htmlLayout(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to <strong>${escapeHtml(appName)}</strong></p>
${problem ? `<p role="alert" id="${ERROR_ID}">${escapeHtml(problem.message)}</p>` : ''}
<form method="post" action="/oauth2/authorise">
${fields}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${passwordState}>
<button type="submit">Sign in</button>
</form>
<script>${PAGE_SCRIPT}</script>`,
  );
}

export const errorPage = (message: string) => htmlLayout('Sign-in error', `<h1>Cannot sign in</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
