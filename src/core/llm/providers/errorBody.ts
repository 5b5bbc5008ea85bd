/**
 * An error body as the SDKs expect it (`{"error": {...}}`). Google's APIs, Gemini's
 * OpenAI-compatible endpoint among them, wrap that object in an array; the first entry is the error.
 */
export function errorBodyOf(body: object): object {
  if (!Array.isArray(body)) return body;
  const first: unknown = body[0];
  return typeof first === 'object' && first !== null ? first : body;
}
