/** Shorter secrets are not looked for: they would match ordinary text. */
const shortestSecret = 8;

/**
 * Every way a secret may be written that is looked for in what is posted or pushed: as it is, URL-encoded, and in
 * base64 (standard and URL-safe) at each of the three alignments it can take inside longer encoded text, such as the
 * `AUTHORIZATION: basic base64(x-access-token:TOKEN)` header actions/checkout writes. The base64 forms keep only the
 * characters that depend on the secret alone, so they match whatever comes before or after it.
 */
export function secretForms(secrets: readonly string[]): string[] {
  const forms = secrets.filter((secret) => secret.length >= shortestSecret).flatMap((secret) => [secret, encodeURIComponent(secret), ...base64Forms(secret)]);
  return [...new Set(forms.filter((form) => form.length >= shortestSecret))].sort((a, b) => b.length - a.length);
}

function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = 4 * Math.ceil(offset / 3);
    // With its end as well, when the secret ends the encoded text (its last bytes share a group with nothing else).
    return [encoded.slice(start), encoded.slice(start, 4 * Math.floor((offset + bytes.length) / 3))].flatMap((form) => [form, form.replace(/\+/g, '-').replace(/\//g, '_')]);
  });
}

/** The text with every form of every secret replaced: the runner masks its logs, but not what is posted to GitHub. */
export function redacted(text: string, secrets: readonly string[]): string {
  return secretForms(secrets).reduce((done, form) => done.split(form).join('***'), text);
}

/** Whether the text holds a secret in any of its forms. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secretForms(secrets).some((form) => text.includes(form));
}
