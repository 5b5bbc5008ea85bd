/** The text of a body in its charset: the header's, else a `<meta>` one for HTML, else UTF-8. */
export function decodeText(bytes: Buffer, contentTypeHeader: string, isHtml: boolean): string {
  const charset = charsetOf(contentTypeHeader) ?? (isHtml ? metaCharset(bytes) : undefined) ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** `text/html; charset=ISO-8859-1` → `text/html`. */
export function mediaTypeOf(contentTypeHeader: string): string {
  return (contentTypeHeader.split(';')[0] ?? '').trim().toLowerCase();
}

function charsetOf(contentTypeHeader: string): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentTypeHeader)?.[1];
}

function metaCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}
