/** Small self-contained HTML pages (no script of their own, every value escaped): sign-in pages, landing pages of redirects. */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The card keeps a margin to both screen edges however narrow the screen: body padding around a box that counts
// its own padding in its width.
const style = `*,*::before,*::after{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;margin:0;padding:1rem;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:100%;max-width:26rem;overflow-wrap:anywhere}
@media (max-width:400px){main{padding:1.25rem}}
h1{font-size:1.4rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#555}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem;border:1px solid #bbb;border-radius:6px;font:inherit}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#1f6feb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
[role=alert]{color:#b00020;font-weight:600}`;

/** A page titled `title` around `body` (HTML: escape what goes in it). */
export const htmlLayout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
