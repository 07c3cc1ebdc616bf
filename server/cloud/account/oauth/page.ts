/** The HTML of the sign-in page: self-contained, no script, every value escaped. */

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const style = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(22rem,90vw)}
h1{font-size:1.4rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#555}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #bbb;border-radius:6px;font:inherit}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#1f6feb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
[role=alert]{color:#b00020;font-weight:600}`;

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${style}</style>
</head>
<body><main>${body}</main></body>
</html>
`;

/** The OAuth parameters the form carries back to POST /oauth2/authorise. */
export type Hidden = Record<string, string | undefined>;

export function signInPage(appName: string, hidden: Hidden, message?: string, email = ''): string {
  const fields = Object.entries(hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to <strong>${escape(appName)}</strong></p>
${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/oauth2/authorise">
${fields}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escape(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export const errorPage = (message: string) => layout('Sign-in error', `<h1>Cannot sign in</h1>\n<p role="alert">${escape(message)}</p>`);
