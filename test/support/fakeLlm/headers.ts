/** The credentials and headers each API requires before it looks at the body. */
import type { IncomingHttpHeaders } from 'node:http';
import { ProtocolError } from './errors';
import type { FakeLlmApi } from './types';

/** A 401 when the key is missing or wrong. OpenAI takes `Authorization: Bearer`; Anthropic takes that or `x-api-key`. */
export function checkAuth(api: FakeLlmApi, headers: IncomingHttpHeaders, apiKey: string): ProtocolError | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const xApiKey = single(headers['x-api-key']);
  if (api === 'openai') {
    if (bearer === undefined) {
      return new ProtocolError(
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        401, null, null,
      );
    }
    return bearer === apiKey ? undefined : new ProtocolError(`Incorrect API key provided: ${redact(bearer)}.`, 401);
  }
  if (bearer === undefined && xApiKey === undefined) return new ProtocolError('x-api-key header is required', 401);
  return bearer === apiKey || xApiKey === apiKey ? undefined : new ProtocolError('invalid x-api-key', 401);
}

/** Anthropic refuses requests without a dated `anthropic-version` (SDK 0.x sends 2023-06-01, 1.x a newer date). */
export function checkAnthropicVersion(headers: IncomingHttpHeaders): ProtocolError | undefined {
  const version = single(headers['anthropic-version']);
  if (version === undefined) return new ProtocolError('anthropic-version: header is required');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) return new ProtocolError(`anthropic-version: invalid version ${version}`);
  return undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function redact(key: string): string {
  return key.length <= 4 ? '****' : `${key.slice(0, 2)}****${key.slice(-2)}`;
}
