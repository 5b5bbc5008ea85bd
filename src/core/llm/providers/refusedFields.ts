/**
 * `body` without the top-level fields the server refuses. An output limit in a refused
 * `max_completion_tokens` moves to `max_tokens`, the field every Chat Completions server knows,
 * unless that one is refused too.
 */
export function withoutRefusedFields<T extends object>(body: T, refused: readonly string[]): T {
  if (refused.length === 0) return body;
  const fields = Object.entries(body).filter(([key]) => !refused.includes(key));
  const limit = (body as Record<string, unknown>)['max_completion_tokens'];
  const movesLimit = refused.includes('max_completion_tokens') && limit !== undefined && !refused.includes('max_tokens') && !('max_tokens' in body);
  return Object.fromEntries(movesLimit ? [...fields, ['max_tokens', limit]] : fields) as T;
}
