/** The wire APIs Elbow speaks. */
export type WireApi = 'openai' | 'anthropic';

/** How the API key travels: `Authorization: Bearer` (most), Azure's `api-key`, Anthropic's `x-api-key` (its SDK's own). */
export type KeyHeader = 'bearer' | 'api-key' | 'x-api-key';

/**
 * What a server accepts as a tool call id; ids from other servers are rewritten to fit
 * (consistently within a conversation, `wireToolCallIds`). Rewritten ids are letters and digits.
 */
export interface ToolCallIdRule {
  /** The whole id must match. */
  readonly pattern: RegExp;
  /** The length rewritten ids get. */
  readonly length: number;
  /** The characters rewritten ids are made of. */
  readonly alphabet: 'alphanumeric' | 'word';
  /** Where the rule is written down or shown by the server's own error. */
  readonly source: string;
}

/**
 * One provider a user can pick: where requests go, how the key is sent, what the server refuses.
 * Adding a provider is adding one row to `providerPresets`.
 */
export interface ProviderPreset {
  readonly id: string;
  /** What the provider picker and docs call it. */
  readonly label: string;
  readonly wire: WireApi;
  /** The endpoint; `undefined` when the user must give one (Azure's resource, an arbitrary server) or the SDK's own default is meant. */
  readonly baseUrl?: string;
  /** Shown where the user types an endpoint. */
  readonly baseUrlExample?: string;
  /** Hosts whose endpoints get this preset's request rules even when the user picked the generic preset. */
  readonly hosts: readonly string[];
  /** The environment variable the key is read from when none is stored; local servers have none (they take any key). */
  readonly keyVariable?: string;
  /** Local servers take any key (or none). */
  readonly keyRequired: boolean;
  readonly keyHeader: KeyHeader;
  /** The model used when the user names none; `undefined` when only the server knows (local servers, Azure deployments). */
  readonly defaultModel?: string;
  /**
   * Top-level request fields the server refuses (Mistral answers 422 to `stream_options`); they
   * are left out of every request, `max_completion_tokens` sent as `max_tokens` instead.
   */
  readonly refusedFields: readonly string[];
  readonly toolCallIds?: ToolCallIdRule;
  /**
   * The server refuses a user message right after tool results (Mistral: "Unexpected role 'user'
   * after role 'tool'"): a short assistant message is put between them.
   */
  readonly assistantAfterToolResults?: boolean;
  /**
   * The server wants `reasoning_content` on every assistant message of a tool loop, an empty one
   * where it has none (DeepSeek's thinking mode, on by default), also on messages another server wrote.
   */
  readonly reasoningContentInToolLoops?: boolean;
  /**
   * Fields a tool call produced by another server needs here, where the server would want its
   * own signature (Gemini 3's documented `skip_thought_signature_validator`).
   */
  readonly foreignToolCallFields?: Readonly<Record<string, unknown>>;
  /**
   * The server may hand the model's tool calls over as text (a local server whose tool-call parser
   * is off): Elbow then recovers well-formed calls at the end of a reply.
   */
  readonly textToolCalls: boolean;
  /** A dated API version the server requires as `?api-version=` (Azure's deployment endpoints), with where the default is documented. */
  readonly apiVersion?: { readonly default: string; readonly source: string };
  /** Runs on the user's machine: its own endpoints tell the window (modelInfo probes). */
  readonly local: boolean;
  /** The documentation each fact above was taken from. */
  readonly docs: string;
}
