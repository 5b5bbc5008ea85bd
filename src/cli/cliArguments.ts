import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseReasoningEffort, reasoningEffortSettings, type ReasoningEffortSetting } from '../core/llm/reasoningEffort';
import { presetById, providerPresets } from '../core/llm/presets/providerPresets';
import { defaultParallelSubagents } from '../core/agent/agentSession';
import { editFormatSettings, parseEditFormat, type EditFormatSetting } from '../core/tools/editFormat';
import { parseLimitFlags, type LimitFlags } from './limits/limitFlags';
import { sessionCommandsUsage } from './sessions/sessionCommandsUsage';
import { mcpQuestionPolicies, type McpQuestionPolicy } from './unattendedQuestions';
import { mcpCommandsUsage } from './mcpCommandsUsage';

export interface CliArguments extends LimitFlags {
  prompt?: string;
  /** `--image FILE` (repeatable, with -p): images sent with the prompt. */
  images: string[];
  json: boolean;
  /** `--json-schema FILE` (with -p): the final answer must be JSON matching this schema. */
  jsonSchema?: string;
  cwd?: string;
  provider?: string;
  model?: string;
  /** `--fallback-model` (repeatable, in order): models that take over when the model stays overloaded or unavailable. */
  fallbackModels: string[];
  baseUrl?: string;
  /** Azure OpenAI's api-version. */
  azureApiVersion?: string;
  /** `--reasoning-effort`: how hard the model thinks. */
  reasoningEffort?: ReasoningEffortSetting;
  /** `--edit-format`: which edit tool the model gets. */
  editFormat?: EditFormatSetting;
  maxTurns?: number;
  /** `--stall-timeout`: seconds a streaming reply may send nothing before it is abandoned and retried; 0: never. */
  stallTimeoutSeconds?: number;
  /** `--yes`: approve commands that run in the sandbox and MCP tools without asking; deny rules still apply. */
  yes: boolean;
  /** `--allow-read-outside-workspace`: Elbow's tools read outside the workspace without asking. */
  allowReadOutsideWorkspace: boolean;
  /** `--allow-protected-writes`: Elbow's tools change protected files without asking. */
  allowProtectedWrites: boolean;
  /** `--allow-unsandboxed-commands`: commands that would run with the user's full rights run without asking. */
  allowUnsandboxedCommands: boolean;
  /** MCP configuration files besides the workspace's and the user's (`--mcp-config`, repeatable). */
  mcpConfig: string[];
  /** `--mcp-questions`: how -p and piped runs answer an MCP server's question (the chat asks). */
  mcpQuestions: McpQuestionPolicy;
  /** `--trust-workspace`: the workspace's own MCP configuration files start their servers this run without being asked about. */
  trustWorkspace: boolean;
  /** `--trust-customizations`: the workspace's skills, commands, agents and hooks are used this run as they are now, unasked. */
  trustCustomizations: boolean;
  /** `--workspace-mcp-outside-sandbox`: the workspace's stdio MCP servers run outside the sandbox, trusted by the bytes of what they run. */
  workspaceMcpOutsideSandbox: boolean;
  /** `--no-sandbox`: commands run with the user's rights; only those that cannot run programs or write files run unasked. */
  noSandbox: boolean;
  /** Hosts sandboxed commands may reach through Elbow's proxy (`--allow-host`, repeatable). */
  allowHosts: string[];
  /** Environment variables sandboxed commands get besides the built-in short list (`--pass-env`, repeatable). */
  passEnv: string[];
  /** Home-folder paths sandboxed commands may read besides the built-in list (`--sandbox-read`, repeatable). */
  allowRead: string[];
  /** Domains fetch_url reads without asking (`--allow-domain`, repeatable). */
  allowDomains: string[];
  /** `--plan`: start in plan mode, where the agent reads and plans but changes nothing. */
  plan: boolean;
  /** `--worktree` (with -p): run in a new git worktree on a branch of its own and keep the changes there. */
  worktree: boolean;
  /** `--agent NAME`: start with this agent picked (Agent, Plan or a custom agent). */
  agent?: string;
  /** `--continue`: carry on the latest session saved for the folder. */
  continueSession: boolean;
  /** `--resume ID`: carry on that saved session. */
  resume?: string;
  /** `--max-parallel-subagents N`: subagents (`task` calls) running at once; 0 turns the task tool off. */
  maxParallelSubagents?: number;
  help: boolean;
  version: boolean;
}

const presetLines = providerPresets
  .map((preset) => `  ${preset.id.padEnd(18)} ${preset.label}${preset.keyVariable === undefined ? ', no key needed' : `, ${preset.keyVariable}${preset.keyRequired ? '' : ' (optional)'}`}`)
  .join('\n');

/** The most subagents `--max-parallel-subagents` lets run at once. */
const maxParallelSubagentsFlag = 16;

const azureDefaultApiVersion = presetById('azure')?.apiVersion?.default ?? '';

export const usage = `Usage: elbow [options]            chat in the terminal (reads prompts line by line when stdin is not a terminal)
       elbow -p "prompt" [options]  run one request to the end and print the answer
${sessionCommandsUsage}
${mcpCommandsUsage}

Options:
  -p, --print <prompt>     one-shot: final answer on stdout, tool calls on stderr
      --image <file>       with -p: send this image (PNG, JPEG, GIF or WebP, at most 5 MB and
                           8000 px on a side) with the prompt; repeatable. In the chat, type
                           --image <file> in a line
      --json               with -p (or piped input): print the event stream as JSON lines
                           (schema/events.v1.json)
      --json-schema <file> with -p: the answer must be JSON matching this JSON Schema; one
                           that does not is sent back once to be fixed, then the run exits 7.
                           stdout gets the answer as one line of JSON (with --json, the
                           result event's structuredOutput)
      --cwd <dir>          workspace folder (default: the current folder)
      --provider <id>      the provider preset, listed below (default: $ELBOW_PROVIDER, else
                           openai, or anthropic when only ANTHROPIC_API_KEY is set)
      --model <name>       model; for Azure the deployment (default: the preset's;
                           $OPENAI_MODEL / $ANTHROPIC_MODEL for those two)
      --fallback-model <name>
                           a model of the same provider that takes over, for the rest of the
                           run, when the model stays overloaded or unavailable after its
                           retries; repeatable, tried in order (default: $ELBOW_FALLBACK_MODELS,
                           comma-separated)
      --base-url <url>     the endpoint, instead of the preset's own (default: $OPENAI_API_BASE,
                           $ANTHROPIC_BASE_URL, $AZURE_OPENAI_ENDPOINT for those presets)
      --azure-api-version <v>
                           Azure OpenAI's api-version (default: $AZURE_OPENAI_API_VERSION,
                           else ${azureDefaultApiVersion})
      --reasoning-effort <level>
                           how hard the model thinks before it answers: default (each
                           model's own), off, low, medium or high. Claude's extended or
                           adaptive thinking, OpenAI's reasoning_effort (o-series, GPT-5),
                           DeepSeek's thinking mode; other models ignore it
                           (default: $ELBOW_REASONING_EFFORT, else default)
      --edit-format <f>    the tool the model edits files with: auto (the format the model was
                           trained on: apply_patch for GPT-4.1 and later, GPT-5, o-series and
                           codex models, edit_file for the others), edit_file or apply_patch
                           (default: $ELBOW_EDIT_FORMAT, else auto)
      --max-turns <n>      model turns allowed per request (default 50)
      --max-budget-usd <n> with -p or piped input: stop once the run has cost this many US
                           dollars, subagents included (exit 4); the model's prices must be
                           known (ELBOW_MODELS gives them)
      --timeout <d>        with -p or piped input: stop the run after this long (90s, 20m, 1h;
                           a plain number is seconds), its commands too (exit 5)
      --stall-timeout <s>  seconds a streaming reply may send nothing before it is discarded and
                           the request retried (default 120; 0: wait forever)
  -y, --yes                run commands that need approval in the sandbox, and tools of MCP
                           servers that are running, without asking (with -p or piped input
                           they are refused otherwise; the chat asks each time). Nothing else:
                           not the three below, not a command outside the sandbox
      --allow-read-outside-workspace
                           let Elbow's tools read any file or folder outside the workspace
                           without asking, ~/.ssh and ~/.aws included
      --allow-protected-writes
                           let Elbow's tools create, change and delete protected files
                           (.npmrc, .vscode/tasks.json, .elbow/mcp.json, AGENTS.md, .envrc, .git,
                           …) without asking: what they hold runs on your next build or git
      --allow-unsandboxed-commands
                           run commands with your full rights without asking: where no sandbox
                           runs (--no-sandbox), and when the model asks to leave the sandbox
      --allow-host <host>  let sandboxed commands reach this host (registry.npmjs.org,
                           *.example.com, host:port) through Elbow's proxy; repeatable
      --pass-env <name>    give sandboxed commands this environment variable too (they get only
                           PATH, HOME, LANG, TERM, toolchain folders and the like); repeatable
      --sandbox-read <path> let sandboxed commands read this file or folder of your home
                           folder (~/.config/tool); they see an otherwise nearly empty home; repeatable
      --allow-domain <d>   let fetch_url read pages of this domain (developer.mozilla.org)
                           without asking; repeatable. --yes does not allow new domains
      --no-sandbox         run commands with your full rights, not in the OS sandbox; then only
                           commands that cannot run programs or write files run without asking
      --mcp-config <file>  MCP servers from this file too ({"mcpServers": {…}}; repeatable); it
                           wins over .elbow/mcp.json, .vscode/mcp.json and ~/.elbow/mcp.json
      --mcp-questions <how> how -p and piped runs answer an MCP server's question (the chat
                           asks you): decline (default), cancel, or defaults (accept with the
                           question's own defaults when every required field has one, else decline)
      --trust-workspace    start the servers of this workspace's .elbow/mcp.json and
                           .vscode/mcp.json for this run without asking. Otherwise the chat
                           asks once per file content, and -p and piped input skip them until
                           they are trusted (they run programs and can read your environment)
      --trust-customizations
                           use this workspace's skills, commands, agents and hooks (.claude/,
                           .github/, .agents/, .elbow/) as they are now, for this run, without
                           trusting them for later runs; their commands still run in the sandbox
      --workspace-mcp-outside-sandbox
                           run those servers outside the sandbox (they run in it otherwise);
                           trust then covers the workspace files they run, and a change asks again
      --plan               plan mode: the agent may read, search and run read-only commands,
                           and answers with a plan; edits and other commands are refused
                           (in the chat, /plan and /act switch)
      --worktree           with -p: run in a new git worktree of the repository, on a branch
                           elbow/<id> of HEAD and your uncommitted changes, its commands
                           sandboxed to it; the changes are committed on that branch and the
                           worktree folder is removed (stderr says how to review and merge
                           them; --json prints a "worktree" event)
      --agent <name>       start with this agent picked: Agent, Plan, or a custom agent of
                           .elbow/agents, .claude/agents, .github/agents or ~/.elbow/agents,
                           ~/.claude/agents; it is given only its tools (in the chat, /agent)
      --max-parallel-subagents <n>
                           subagents (the model's task calls, each a child agent with its own
                           context) running at once, 0 to ${maxParallelSubagentsFlag}; 0 turns the task tool
                           off (default ${defaultParallelSubagents})
  -c, --continue           carry on the latest session saved for this folder (with -p, --json
                           or in the chat); every session is saved, see elbow sessions
      --resume <id>        carry on that saved session
  -h, --help               show this help
  -v, --version            show the version

Providers (--provider), each with the variable its key is read from:
${presetLines}

Environment: the key variables above, OPENAI_API_BASE, OPENAI_MODEL, ANTHROPIC_BASE_URL,
ANTHROPIC_MODEL, AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_VERSION, ELBOW_PROVIDER,
ELBOW_REASONING_EFFORT. Flags win over the environment.
  ELBOW_MODELS     JSON: context window and prices (USD per million tokens) by model, for
                   models Elbow does not know or knows wrongly, e.g. '{"my-model":
                   {"contextWindow": 131072, "inputPrice": 0.5, "outputPrice": 1.5}}'
  ELBOW_DATA_DIR   where sessions are saved (sessions/, shared with VS Code), full transcripts are
                   archived before compaction summarises them, and the workspace MCP configurations you trusted are remembered, MCP sign-ins are kept (credentials/, 0600), and --worktree runs keep their worktrees (default: $XDG_DATA_HOME/elbow, else ~/.local/share/elbow;
                   %LOCALAPPDATA%\\elbow on Windows)
  ELBOW_CONFIG_DIR where the user's mcp.json lives (default: ~/.elbow)
In the chat: Ctrl-C cancels the running request; Ctrl-D or Ctrl-C at an empty prompt quits;
/usage shows tokens, cost and context use; /compact [focus] summarises the conversation now;
/retry sends the last request again after an error; /plan and /act switch plan mode;
/help lists the commands.`;

export class UsageError extends Error {}

/** The flags, as `node:util` parseArgs reads them. */
const cliOptions = {
  print: { type: 'string', short: 'p' },
  image: { type: 'string', multiple: true, default: [] },
  json: { type: 'boolean', default: false },
  'json-schema': { type: 'string' },
  cwd: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'fallback-model': { type: 'string', multiple: true, default: [] },
  'base-url': { type: 'string' },
  'azure-api-version': { type: 'string' },
  'reasoning-effort': { type: 'string' },
  'edit-format': { type: 'string' },
  'max-turns': { type: 'string' },
  'stall-timeout': { type: 'string' },
  'max-budget-usd': { type: 'string' },
  timeout: { type: 'string' },
  yes: { type: 'boolean', short: 'y', default: false },
  'allow-read-outside-workspace': { type: 'boolean', default: false },
  'allow-protected-writes': { type: 'boolean', default: false },
  'allow-unsandboxed-commands': { type: 'boolean', default: false },
  'mcp-config': { type: 'string', multiple: true, default: [] },
  'mcp-questions': { type: 'string' },
  'trust-workspace': { type: 'boolean', default: false },
  'trust-customizations': { type: 'boolean', default: false },
  'no-sandbox': { type: 'boolean', default: false },
  'workspace-mcp-outside-sandbox': { type: 'boolean', default: false },
  'allow-host': { type: 'string', multiple: true, default: [] },
  'pass-env': { type: 'string', multiple: true, default: [] },
  'sandbox-read': { type: 'string', multiple: true, default: [] },
  'allow-domain': { type: 'string', multiple: true, default: [] },
  plan: { type: 'boolean', default: false },
  worktree: { type: 'boolean', default: false },
  agent: { type: 'string' },
  'max-parallel-subagents': { type: 'string' },
  continue: { type: 'boolean', short: 'c', default: false },
  resume: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} satisfies NonNullable<ParseArgsConfig['options']>;

export function parseCliArguments(argv: readonly string[]): CliArguments {
  let values;
  let limits: LimitFlags;
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: cliOptions }));
    limits = parseLimitFlags(values['max-budget-usd'], values.timeout);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const maxTurns = parseMaxTurns(values['max-turns']);
  const reasoningEffort = parseReasoningEffortFlag(values['reasoning-effort']);
  const editFormat = parseEditFormatFlag(values['edit-format']);
  const stallTimeoutSeconds = parseStallTimeout(values['stall-timeout']);
  const maxParallelSubagents = parseMaxParallelSubagents(values['max-parallel-subagents']);
  if (values.print !== undefined && values.print.trim() === '') throw new UsageError('-p needs a prompt, e.g. elbow -p "explain src/main.ts".');
  if (values.image.length > 0 && values.print === undefined) throw new UsageError('--image goes with -p, e.g. elbow -p "what is wrong here?" --image shot.png; in the chat, type --image shot.png in a line.');
  if (values['json-schema'] !== undefined && values.print === undefined) throw new UsageError('--json-schema goes with -p, e.g. elbow -p "list the TODOs" --json-schema todos.schema.json.');
  if (values.worktree && values.print === undefined) throw new UsageError('--worktree goes with -p, e.g. elbow -p "add tests for the parser" --worktree; the chat runs in the folder itself.');
  return {
    prompt: values.print,
    images: values.image,
    json: values.json,
    ...(values['json-schema'] === undefined ? {} : { jsonSchema: values['json-schema'] }),
    cwd: values.cwd,
    provider: values.provider,
    model: values.model,
    fallbackModels: values['fallback-model'],
    baseUrl: values['base-url'],
    azureApiVersion: values['azure-api-version'],
    reasoningEffort,
    editFormat,
    maxTurns,
    ...limits,
    stallTimeoutSeconds,
    yes: values.yes,
    allowReadOutsideWorkspace: values['allow-read-outside-workspace'],
    allowProtectedWrites: values['allow-protected-writes'],
    allowUnsandboxedCommands: values['allow-unsandboxed-commands'],
    mcpConfig: values['mcp-config'],
    mcpQuestions: parseMcpQuestions(values['mcp-questions']),
    trustWorkspace: values['trust-workspace'],
    trustCustomizations: values['trust-customizations'],
    noSandbox: values['no-sandbox'],
    workspaceMcpOutsideSandbox: values['workspace-mcp-outside-sandbox'],
    allowHosts: values['allow-host'],
    passEnv: values['pass-env'],
    allowRead: values['sandbox-read'],
    allowDomains: values['allow-domain'].map((domain) => domain.trim().toLowerCase()),
    plan: values.plan,
    worktree: values.worktree,
    ...(values.agent === undefined ? {} : { agent: values.agent }),
    ...(maxParallelSubagents === undefined ? {} : { maxParallelSubagents }),
    continueSession: values.continue,
    ...(values.resume === undefined ? {} : { resume: values.resume }),
    help: values.help,
    version: values.version,
  };
}

function parseMcpQuestions(flag: string | undefined): McpQuestionPolicy {
  if (flag === undefined) return 'decline';
  const policy = mcpQuestionPolicies.find((candidate) => candidate === flag);
  if (policy === undefined) throw new UsageError(`--mcp-questions must be one of ${mcpQuestionPolicies.join(', ')}, got "${flag}".`);
  return policy;
}

function parseMaxTurns(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const maxTurns = Number(flag);
  if (!Number.isInteger(maxTurns) || maxTurns < 1) throw new UsageError(`--max-turns must be a whole number of at least 1, got "${flag}".`);
  return maxTurns;
}

function parseMaxParallelSubagents(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const count = Number(flag);
  if (flag.trim() === '' || !Number.isInteger(count) || count < 0 || count > maxParallelSubagentsFlag) {
    throw new UsageError(`--max-parallel-subagents must be a whole number from 0 (no subagents) to ${maxParallelSubagentsFlag}, got "${flag}".`);
  }
  return count;
}

function parseReasoningEffortFlag(flag: string | undefined): ReasoningEffortSetting | undefined {
  if (flag === undefined) return undefined;
  const reasoningEffort = parseReasoningEffort(flag);
  if (reasoningEffort === undefined) throw new UsageError(`--reasoning-effort must be one of ${reasoningEffortSettings.join(', ')}, got "${flag}".`);
  return reasoningEffort;
}

function parseEditFormatFlag(flag: string | undefined): EditFormatSetting | undefined {
  if (flag === undefined) return undefined;
  const editFormat = parseEditFormat(flag);
  if (editFormat === undefined) throw new UsageError(`--edit-format must be one of ${editFormatSettings.join(', ')}, got "${flag}".`);
  return editFormat;
}

function parseStallTimeout(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const seconds = Number(flag);
  if (!Number.isFinite(seconds) || seconds < 0 || flag.trim() === '') {
    throw new UsageError(`--stall-timeout must be a number of seconds (0 to wait forever), got "${flag}".`);
  }
  return seconds;
}
