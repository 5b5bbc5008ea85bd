/** The scripting vocabulary of the fake LLM server: what a test queues and what it can inspect. */

/**
 * Token counts in Anthropic's sense: `input` excludes cached tokens. The OpenAI side reports
 * `prompt_tokens = input + cacheRead` and `cached_tokens = cacheRead` (it has no cache writes).
 */
export interface ScriptedUsage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export type ScriptedBlock =
  | { type: 'text'; text: string }
  /** `signature` only matters for Anthropic; one is generated when absent. */
  | { type: 'thinking'; thinking: string; signature?: string }
  /** `arguments`: raw JSON text as the model would send it; may be malformed or cut off. */
  | { type: 'tool_call'; name: string; arguments: string; id?: string };

/** `refusal`: Anthropic's `stop_reason: "refusal"`, OpenAI's `finish_reason: "content_filter"`. */
export type ScriptedStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal';

export type ScriptedResponse =
  /**
   * `stopReason` defaults to `tool_use` when the content has a tool call, else `end_turn`.
   * Text, thinking and arguments are streamed in fragments of `chunkSize` characters (default 8).
   */
  | {
      kind: 'reply';
      content: ScriptedBlock[];
      stopReason?: ScriptedStopReason;
      usage?: ScriptedUsage;
      chunkSize?: number;
      chunkDelayMs?: number;
    }
  | { kind: 'error'; status: number; message?: string; retryAfterSeconds?: number }
  /**
   * The start of a streamed reply with this content, then the error the status stands for sent
   * inside the stream, as the APIs do once they have answered 200 (Anthropic: `event: error` with
   * e.g. `overloaded_error` for 529; OpenAI: a `data:` chunk holding `{error}`), then the end of the
   * stream. A request that does not stream gets the plain error response.
   */
  | { kind: 'streamError'; content: ScriptedBlock[]; status: number; message?: string }
  /** Headers and the start of a streamed reply with this content, then the socket is destroyed. */
  | { kind: 'drop'; content: ScriptedBlock[] }
  /** Headers (and Anthropic's `message_start`), then nothing until the client disconnects. */
  | { kind: 'hang' };

export type FakeLlmApi = 'openai' | 'anthropic';

export interface RecordedRequest {
  api: FakeLlmApi;
  path: string;
  /** The query string, `?…` (empty when none). */
  search?: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it was not valid JSON. */
  body: unknown;
  /**
   * The prompt's size as the server counts it (about four characters of the JSON body per
   * token); set once the request passed authentication and validation.
   */
  tokens?: number;
}

export type Script = ScriptedResponse | ((request: RecordedRequest) => ScriptedResponse);
