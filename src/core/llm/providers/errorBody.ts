import { isRecord } from '../jsonRecord';

/**
 * Error bodies as the servers send them, read into the server's own words. OpenAI puts
 * `{"error": {"message": …}}`; others do not: Google wraps that object in an array, Mistral sends
 * `{"object": "error", "message": …}` whose message may be a string, a list of validation errors or
 * `{"detail": [...]}`, FastAPI servers `{"detail": [...]}`, some proxies `{"error": "…"}`.
 */
export function errorBodyOf(body: object): object {
  if (!Array.isArray(body)) return body;
  const first: unknown = body[0];
  return typeof first === 'object' && first !== null ? first : body;
}

/**
 * The body in the shape the SDKs read (`{"error": {"message": string, …}}`), with the message made
 * readable. A body the SDKs already read is returned unchanged.
 */
export function normalizedErrorBody(body: object): object {
  const unwrapped = errorBodyOf(body);
  if (!isRecord(unwrapped)) return unwrapped;
  const inner = unwrapped['error'];
  if (isRecord(inner) && typeof inner['message'] === 'string') return unwrapped;
  const message = readableErrorMessage(unwrapped);
  if (message === undefined) return unwrapped;
  const fields = isRecord(inner) ? inner : withoutWordFields(unwrapped);
  return { error: { ...fields, message } };
}

/** How deep the words may lie: real bodies nest them two or three levels down (OpenRouter's upstream body one more). */
const deepestWords = 8;

/** The server's message in any of the shapes above, or `undefined` when the body carries none. */
export function readableErrorMessage(body: unknown, depth = 0): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : body;
  if (depth >= deepestWords) return undefined;
  if (Array.isArray(body)) return validationErrors(body) ?? readableErrorMessage(body[0], depth + 1);
  if (!isRecord(body)) return undefined;
  for (const key of ['error', 'message', 'detail']) {
    const message = readableErrorMessage(body[key], depth + 1);
    if (message !== undefined) return withUpstream(message, body['metadata'], depth + 1);
  }
  return undefined;
}

/** OpenRouter passes the upstream provider's own body along in `metadata.raw`: its words say what went wrong. */
function withUpstream(message: string, metadata: unknown, depth: number): string {
  if (!isRecord(metadata) || typeof metadata['raw'] !== 'string') return message;
  const raw = metadata['raw'];
  const upstream = readableErrorMessage(parseJson(raw), depth) ?? raw;
  if (upstream.trim() === '' || upstream === message) return message;
  const who = typeof metadata['provider_name'] === 'string' ? metadata['provider_name'] : 'upstream';
  return `${message} (${who}: ${upstream})`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** FastAPI / pydantic validation errors: `[{"loc": ["body", "x"], "msg": "…"}]` → `body.x: …`, one per line. */
function validationErrors(list: readonly unknown[]): string | undefined {
  const lines = list.filter(isRecord).flatMap((entry) => {
    const text = typeof entry['msg'] === 'string' ? entry['msg'] : typeof entry['message'] === 'string' ? entry['message'] : undefined;
    if (text === undefined) return [];
    const loc = Array.isArray(entry['loc']) ? entry['loc'].map(String).join('.') : '';
    return [loc === '' ? text : `${loc}: ${text}`];
  });
  return lines.length === 0 ? undefined : lines.join('; ');
}

/** The body's fields other than the words (read separately): its type, code, param. */
function withoutWordFields(body: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'message' && key !== 'detail' && key !== 'error') fields[key] = value;
  }
  return fields;
}
