// The preview's HTML shell. All content arrives later as messages and is
// put into the page by dist/preview.js as text; this page only loads that
// script and the stylesheet, under a policy that allows nothing else: no
// inline script or style, no remote resource, scripts only with this
// page's nonce. No vscode imports, so tests can read the result.

export interface PreviewHtmlOptions {
  /** `webview.cspSource`: where the extension's own files are served from. */
  readonly cspSource: string;
  /** A fresh random value per page. */
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUri: string;
  readonly title: string;
  /** What the page says until the first render arrives (translated by the caller; `Rendering…` when not given). */
  readonly rendering?: string;
}

export function contentSecurityPolicy(o: Pick<PreviewHtmlOptions, 'cspSource' | 'nonce'>): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${o.nonce}'`,
    `style-src ${o.cspSource}`,
    `font-src ${o.cspSource}`,
    "img-src 'none'",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function previewHtml(o: PreviewHtmlOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(o))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)}</title>
<link rel="stylesheet" href="${escapeHtml(o.styleUri)}">
</head>
<body>
<main id="root" aria-live="polite"><p class="placeholder">${escapeHtml(o.rendering ?? 'Rendering…')}</p></main>
<script nonce="${escapeHtml(o.nonce)}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>
`;
}

/** A nonce of 32 characters from [A-Za-z0-9], from the given random bytes. */
export function nonceFrom(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let i = 0; i < 32; i++) nonce += alphabet[(bytes[i % bytes.length] ?? 0) % alphabet.length];
  return nonce;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
