/**
 * Which server a reply came from, for `AssistantMessage.origin`: the host (and port) of the base
 * URL, so that DeepSeek, Gemini, OpenRouter and a local server, all speaking the OpenAI wire
 * API, never receive each other's fields.
 */
export function serverOrigin(baseURL: string): string | undefined {
  try {
    return new URL(baseURL).host || undefined;
  } catch {
    return undefined;
  }
}
