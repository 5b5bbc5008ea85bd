import type { CompactionSettings } from '../context/contextBudget';
import type { ModelOverride } from '../llm/modelCatalog';
import type { ReasoningEffortSetting } from '../llm/reasoningEffort';
import type { EditFormatSetting } from '../tools/editFormat';

/**
 * The user's settings an agent session runs with, the same whichever host reads them: VS Code
 * from `elbow.*` (`readAgentSettings` in src/vscode/settings.ts), the CLI from its flags and
 * environment (`resolveCliConfig` in src/cli/cliConfig.ts). They pass as one object through
 * `createAgentSession` to `AgentSession`; a field left out is the built-in default. The API key
 * and what only a host uses (edit review, terminal, sandbox, who approves) stay apart.
 *
 * A new setting touches: this type, the readers that fill it (package.json `contributes` and
 * `readAgentSettings`; a CLI flag in cliArguments.ts and `resolveCliConfig`), and the code that uses it.
 */
export interface AgentSettings {
  /** The provider preset's id (providerPresets.ts): its wire API, endpoint, key and request rules. */
  provider: string;
  /** The model id (an Azure deployment's name); the readers put the preset's default in place of an empty setting. */
  model: string;
  /** Models of the same provider that take over, in order, when `model` stays overloaded or unavailable after its retries. */
  fallbackModels?: readonly string[];
  /** The server requests (and the API key) go to; unset: the preset's own. */
  baseUrl?: string;
  /** Azure OpenAI's `api-version` when the base URL carries none; unset: the preset's default. */
  azureApiVersion?: string;
  /** How hard the model thinks; `default` leaves it to the model. */
  reasoningEffort?: ReasoningEffortSetting;
  /** Model turns allowed for one user message. */
  maxTurns?: number;
  /** How long one request to the model may take in all. */
  requestTimeoutMs?: number;
  /** A streaming reply silent this long is abandoned and retried; 0: never. */
  stallTimeoutMs?: number;
  /** Retries of a failed request to the model. */
  maxRetries?: number;
  /** Tool calls allowed after a user message before Elbow asks whether to go on. */
  toolCallsPerMessage?: number;
  /** Commands allowed after a user message before Elbow asks whether to go on. */
  commandsPerMessage?: number;
  /** Corrections to the built-in model table: window, output limit and prices per model id. */
  models?: Readonly<Record<string, ModelOverride>>;
  /** Which edit tool the model gets, edit_file or apply_patch; `auto` (the default): the one the model table says it was trained on. */
  editFormat?: EditFormatSetting;
  /** Subagents (`task` calls) of one session running at once; 0 turns the `task` tool off. */
  maxParallelSubagents?: number;
  /** When the history is compacted. */
  compaction?: CompactionSettings;
}
