// The chat webview's HTML document. Pure (no `vscode` import) so the browser tests can serve the very same page.

export interface WebviewHtmlOptions {
  /** `webview.cspSource`: the origin the webview's own resources load from. */
  cspSource: string;
  /** A fresh random value per page load; only the script carrying it may run. */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  codiconsUri: string;
}

/**
 * The page shell: a strict Content Security Policy (no inline scripts or styles, no eval), the codicon and chat
 * stylesheets, and the bundled script, which builds the whole UI.
 */
export function webviewHtml(options: WebviewHtmlOptions): string {
  const { cspSource, nonce } = options;
  const csp = [
    "default-src 'none'",
    `img-src ${cspSource} https: data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(options.codiconsUri)}">
<link rel="stylesheet" href="${escapeAttribute(options.styleUri)}">
<title>Elbow</title>
</head>
<body>
<div id="app"></div>
<script nonce="${escapeAttribute(nonce)}" src="${escapeAttribute(options.scriptUri)}"></script>
</body>
</html>
`;
}

/** A nonce for the script tag: 32 random alphanumeric characters from the platform's secure random source. */
export function createNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every character equally likely.
  const limit = 248;
  let nonce = '';
  while (nonce.length < 32) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(48))) {
      if (byte < limit && nonce.length < 32) nonce += alphabet[byte % alphabet.length];
    }
  }
  return nonce;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
