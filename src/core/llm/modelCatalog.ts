import { modelTable } from './modelTable';
import type { EditFormat, ModelFacts, ModelPrices } from './modelFacts';
import type { ReasoningFacts } from './reasoningEffort';

export interface ModelLimits extends ModelFacts {
  /** false: neither the table, a setting nor the server knows this model, and the conservative defaults apply. */
  known: boolean;
  /** Where `contextWindow` came from. */
  windowSource?: WindowSource;
}

/** Where a model's context window came from, in order of precedence. */
export type WindowSource =
  | { kind: 'setting' }
  /** `server` names it (e.g. `Ollama`); `detail` says what it reported (e.g. `loaded with 8,192 tokens`). */
  | { kind: 'server'; server: string; detail?: string }
  | { kind: 'table' }
  | { kind: 'default' };

/** What the server behind an OpenAI-compatible base URL reports about one of its models. */
export interface ServerModelFacts {
  /** The server's name for people, e.g. `Ollama`, `LM Studio`, `llama.cpp`, `vLLM`, `OpenRouter`. */
  server: string;
  /** The window the server runs the model with. */
  contextWindow?: number;
  /** Only an upper bound (e.g. a model not loaded yet, whose load size is not known): the window is at most this. */
  maxContextWindow?: number;
  maxOutputTokens?: number;
  prices?: ModelPrices;
  /** What the window is, in a few words, e.g. `loaded with 8,192 tokens`. */
  detail?: string;
  /** Whether the model takes images, when the server says (Ollama's capabilities, LM Studio's type, OpenRouter's input modalities). */
  acceptsImages?: boolean;
}

/** A user's setting for one model (VS Code `elbow.models`), every field optional; prices in USD per million tokens. */
export interface ModelOverride {
  contextWindow?: number;
  maxOutputTokens?: number;
  inputPrice?: number;
  outputPrice?: number;
  cacheReadPrice?: number;
  cacheWritePrice?: number;
}

export interface ModelLimitsOptions {
  overrides?: Readonly<Record<string, ModelOverride>>;
  /** The endpoint is on this machine (see `isLocalEndpoint`), so requests cost nothing. */
  localEndpoint?: boolean;
  /** What the server reported; it comes after the user's setting and before the built-in table. */
  server?: ServerModelFacts;
}

export const unknownModelLimits: ModelFacts = { contextWindow: 32_000, maxOutputTokens: 4_096 };

const freePrices: ModelPrices = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * What Elbow knows about a model: its context window, output limit and prices. Each comes from
 * the user's overrides, then what the server reported, then the built-in table. An unknown
 * model gets conservative limits and no prices rather than a neighbour's numbers.
 */
export function modelLimits(model: string, options: ModelLimitsOptions = {}): ModelLimits {
  const listed = lookUpModel(model);
  const override = findOverride(model, options.overrides);
  const server = options.server;
  const base = listed ?? unknownModelLimits;
  const basePrices = options.localEndpoint ? freePrices : (server?.prices ?? base.prices);
  const prices = override ? overriddenPrices(basePrices, override) : basePrices;
  const window = chooseWindow(validTokenCount(override?.contextWindow), server, listed);
  const acceptsImages = server?.acceptsImages ?? listed?.acceptsImages;
  return {
    ...(acceptsImages === undefined ? {} : { acceptsImages }),
    contextWindow: window.tokens,
    maxOutputTokens: validTokenCount(override?.maxOutputTokens) ?? validTokenCount(server?.maxOutputTokens) ?? base.maxOutputTokens,
    ...(prices ? { prices } : {}),
    known: listed !== undefined || override !== undefined || window.source.kind === 'server',
    windowSource: window.source,
  };
}

/** How a model's thinking is controlled, from the built-in table; undefined for models that take no reasoning parameters. */
export function modelReasoning(model: string): ReasoningFacts | undefined {
  return lookUpModel(model)?.reasoning;
}

/** The edit format the built-in table says the model was trained on; edit_file for models it does not list. */
export function modelEditFormat(model: string): EditFormat {
  return lookUpModel(model)?.editFormat ?? 'edit_file';
}

function chooseWindow(setting: number | undefined, server: ServerModelFacts | undefined, listed: ModelFacts | undefined): { tokens: number; source: WindowSource } {
  if (setting !== undefined) return { tokens: setting, source: { kind: 'setting' } };
  const fallback: { tokens: number; source: WindowSource } = listed
    ? { tokens: listed.contextWindow, source: { kind: 'table' } }
    : { tokens: unknownModelLimits.contextWindow, source: { kind: 'default' } };
  if (server === undefined) return fallback;
  const source: WindowSource = { kind: 'server', server: server.server, ...(server.detail ? { detail: server.detail } : {}) };
  const runsWith = validTokenCount(server.contextWindow);
  if (runsWith !== undefined) return { tokens: runsWith, source };
  // Only a ceiling is known: the table's (or the default) window stands when it fits under it.
  const ceiling = validTokenCount(server.maxContextWindow);
  if (ceiling !== undefined && ceiling < fallback.tokens) return { tokens: ceiling, source };
  return fallback;
}

/** The table's facts for a model id in any of the spellings routers, clouds and servers use, or undefined. */
function lookUpModel(model: string): ModelFacts | undefined {
  const id = normalizeModelId(model);
  if (Object.hasOwn(modelTable, id)) return modelTable[id];
  let best: string | undefined;
  for (const key of Object.keys(modelTable)) {
    if (id.startsWith(key) && isVersionSuffix(id.slice(key.length)) && key.length > (best?.length ?? 0)) best = key;
  }
  return best === undefined ? undefined : modelTable[best];
}

/**
 * Lower-case, without a router prefix (`anthropic/…`), a Bedrock prefix (`us.anthropic.…`) or an
 * Ollama tag (`:7b`), and with OpenRouter's dotted Claude versions (`claude-sonnet-4.5`) dashed.
 */
function normalizeModelId(model: string): string {
  let id = model.trim().toLowerCase();
  id = id.slice(id.lastIndexOf('/') + 1);
  const tag = id.indexOf(':');
  if (tag >= 0) id = id.slice(0, tag);
  id = id.replace(/^(?:[a-z]{2,6}\.)?anthropic\./, '');
  if (id.startsWith('claude')) id = id.replace(/(\d)\.(\d)/g, '$1-$2');
  return id;
}

/** A snapshot date (`-20250929`, `@20250929`, `-2024-08-06`) or `-latest`, then maybe a Bedrock `-v1`. */
function isVersionSuffix(rest: string): boolean {
  return /^(?:[-@](?:\d{8}|\d{4}-\d{2}-\d{2})|-latest)?(?:-v\d+)?$/.test(rest);
}

function findOverride(model: string, overrides: Readonly<Record<string, ModelOverride>> | undefined): ModelOverride | undefined {
  if (!overrides) return undefined;
  const entries = Object.entries(overrides);
  const lower = model.trim().toLowerCase();
  const exact = entries.find(([key]) => key.trim().toLowerCase() === lower);
  if (exact) return exact[1];
  const id = normalizeModelId(model);
  return entries.find(([key]) => normalizeModelId(key) === id)?.[1];
}

function overriddenPrices(prices: ModelPrices | undefined, override: ModelOverride): ModelPrices | undefined {
  const input = validPrice(override.inputPrice);
  const output = validPrice(override.outputPrice);
  const cacheRead = validPrice(override.cacheReadPrice);
  const cacheWrite = validPrice(override.cacheWritePrice);
  if (!prices) {
    if (input === undefined || output === undefined) return undefined;
    return { input, output, cacheRead: cacheRead ?? input, cacheWrite: cacheWrite ?? input };
  }
  if (input === undefined && output === undefined && cacheRead === undefined && cacheWrite === undefined) return prices;
  // The table's long-context tier was derived from the table's own rates, not from the user's.
  return {
    input: input ?? prices.input,
    output: output ?? prices.output,
    cacheRead: cacheRead ?? prices.cacheRead,
    cacheWrite: cacheWrite ?? prices.cacheWrite,
  };
}

function validPrice(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function validTokenCount(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : undefined;
}

/** Whether a base URL points at this machine (localhost, 127.0.0.0/8, ::1, 0.0.0.0): local servers such as Ollama or vLLM cost nothing. */
export function isLocalEndpoint(baseUrl: string | undefined): boolean {
  const text = baseUrl?.trim();
  if (!text) return false;
  let host: string;
  try {
    host = new URL(text.includes('://') ? text : `http://${text}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
