/** The consent page: which app asks, for what, with Allow and Deny (each its own form, so the page's script sends either). */
import spec from '../../../../generated/cloud/account.openapi.json' with { type: 'json' };
import { escapeHtml, htmlLayout } from '../../../http/html-page.js';
import { PAGE_SCRIPT, type Hidden } from './page.js';

/** What each scope lets an app do, in the words of the contract's OAuth2 scheme. */
const SCOPE_TEXTS: Readonly<Record<string, string>> = spec.components.securitySchemes.oauth2.flows.authorizationCode.scopes;

const hiddenFields = (hidden: Hidden) =>
  Object.entries(hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

/**
 * Names the app and each scope it asks (its code and what it allows), then offers Allow and Deny. The heading takes
 * the focus when the page opens or replaces the password form, so that a screen reader starts with the question.
 */
export function consentPage(appName: string, scopes: string[], hidden: Hidden): string {
  const app = escapeHtml(appName);
  const items = scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_TEXTS[scope] ?? 'A part of your account or hubs by this name.')}</li>`).join('\n');
  const form = (decision: 'allow' | 'deny', label: string, style = '') =>
    `<form method="post" action="/oauth2/authorise/consent">\n${hiddenFields({ ...hidden, decision })}\n<button type="submit"${style}>${label}</button>\n</form>`;
  return htmlLayout(
    `Allow ${appName}?`,
    `<h1 id="consent-title" tabindex="-1" autofocus>Allow ${app} to use your account?</h1>
<p><strong>${app}</strong> is not part of this platform. If you allow it, it may, until you withdraw it from your account's apps:</p>
<ul aria-labelledby="consent-title">
${items}
</ul>
<p>You are asked once for these permissions; the app asks again for more.</p>
${form('allow', `Allow ${app}`)}
${form('deny', 'Deny', ' style="background:#fff;color:#1f1f1f;border:1px solid #bbb"')}
<script>${PAGE_SCRIPT}</script>`,
  );
}
