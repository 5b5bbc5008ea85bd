/** The request-level rules of Anthropic Messages (parameters, system, tools, cache breakpoints). */
import { ProtocolError } from './errors';
import { isObject, isObjectSchema, jsonTypeName, toolNamePattern, type JsonObject } from './json';
import { validateAnthropicMessages } from './anthropicMessages';
import type { ThinkingMemory } from './thinkingMemory';

const maxCacheBreakpoints = 4;

export function validateAnthropicRequest(body: unknown, memory: ThinkingMemory): void {
  if (!isObject(body)) throw new ProtocolError('There was an error parsing the body of your request: expected a JSON object.');
  if (typeof body.model !== 'string' || body.model === '') throw fieldRequired('model');
  if (body.max_tokens === undefined) throw fieldRequired('max_tokens');
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) {
    throw new ProtocolError('max_tokens: Input should be a valid integer greater than or equal to 1');
  }
  validateSystem(body.system);
  validateThinking(body);
  validateOutputConfig(body.output_config);
  validateTools(body.tools);
  validateAnthropicMessages(body.messages, memory, thinkingEnabled(body));
  const breakpoints = countCacheControl(body.system) + countCacheControl(body.tools) + countCacheControl(body.messages);
  if (breakpoints > maxCacheBreakpoints) {
    throw new ProtocolError(`A maximum of ${maxCacheBreakpoints} blocks with cache_control may be provided. Found ${breakpoints}.`);
  }
}

export function thinkingEnabled(body: JsonObject): boolean {
  return isObject(body.thinking) && (body.thinking.type === 'enabled' || body.thinking.type === 'adaptive');
}

function validateSystem(system: unknown): void {
  if (system === undefined || typeof system === 'string') return;
  if (!Array.isArray(system)) throw new ProtocolError(`system: Input should be a valid string or list, got ${jsonTypeName(system)}`);
  system.forEach((block: unknown, i) => {
    if (!isObject(block) || block.type !== 'text') throw new ProtocolError(`system.${i}.type: Input should be 'text'`);
    if (typeof block.text !== 'string' || block.text === '') throw new ProtocolError('system: text content blocks must be non-empty');
  });
}

function validateThinking(body: JsonObject): void {
  const { thinking } = body;
  if (thinking === undefined) return;
  if (!isObject(thinking) || !['enabled', 'disabled', 'adaptive', 'between_tools'].includes(thinking.type as string)) {
    throw new ProtocolError("thinking: Input tag found using 'type' does not match any of the expected tags: 'enabled', 'disabled', 'adaptive', 'between_tools'");
  }
  refuseThinkingTypeForModel(body.model as string, thinking.type as string);
  if (thinking.type !== 'enabled') return;
  const budget = thinking.budget_tokens;
  if (!Number.isInteger(budget) || (budget as number) < 1024) {
    throw new ProtocolError('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
  }
  if ((budget as number) >= (body.max_tokens as number)) {
    throw new ProtocolError('`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size');
  }
  if (body.temperature !== undefined && body.temperature !== 1) {
    throw new ProtocolError('`temperature` may only be set to 1 when thinking is enabled. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#feature-compatibility');
  }
}

/**
 * Models that only take adaptive thinking refuse a budget, and those that always think refuse
 * `disabled` (Sonnet 5.5 takes `between_tools` instead), with these messages, per each model's
 * "What's new" page on platform.claude.com.
 */
function refuseThinkingTypeForModel(model: string, type: string): void {
  const id = model.toLowerCase();
  const adaptiveOnly = /^claude-(?:opus-4-[78]|opus-5|sonnet-5|haiku-5|fable-5|mythos-5)/.test(id);
  const cannotDisable = /^claude-(?:opus-5-5|sonnet-5-5|fable-5|mythos-5)/.test(id);
  if ((type === 'enabled' && adaptiveOnly) || (type === 'disabled' && cannotDisable)) {
    throw new ProtocolError(`"thinking.type.${type}" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.`);
  }
}

function validateOutputConfig(outputConfig: unknown): void {
  if (outputConfig === undefined) return;
  if (!isObject(outputConfig)) throw new ProtocolError(`output_config: Input should be a valid dictionary, got ${jsonTypeName(outputConfig)}`);
  const { effort } = outputConfig;
  if (effort !== undefined && effort !== null && !['low', 'medium', 'high', 'xhigh', 'max'].includes(effort as string)) {
    throw new ProtocolError("output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'");
  }
}

function validateTools(tools: unknown): void {
  if (tools === undefined) return;
  if (!Array.isArray(tools)) throw new ProtocolError(`tools: Input should be a valid list, got ${jsonTypeName(tools)}`);
  const names = new Set<string>();
  tools.forEach((tool: unknown, i) => {
    if (!isObject(tool)) throw new ProtocolError(`tools.${i}: Input should be a valid dictionary`);
    // Server tools (web search and the like) carry their own versioned `type`; only custom ones have a schema.
    if (tool.type !== undefined && tool.type !== 'custom') return;
    if (typeof tool.name !== 'string' || !toolNamePattern.test(tool.name)) {
      throw new ProtocolError(`tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    }
    if (tool.input_schema === undefined) throw fieldRequired(`tools.${i}.custom.input_schema`);
    if (!isObjectSchema(tool.input_schema)) {
      throw new ProtocolError(`tools.${i}.custom.input_schema: JSON schema is invalid. It must be an object schema with "type": "object"`);
    }
    if (names.has(tool.name)) throw new ProtocolError('tools: Tool names must be unique.');
    names.add(tool.name);
  });
}

function fieldRequired(path: string): ProtocolError {
  return new ProtocolError(`${path}: Field required`);
}

/** Blocks marked with `cache_control` in a value and the content nested in it. */
export function countCacheControl(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item: unknown) => sum + countCacheControl(item), 0);
  if (!isObject(value)) return 0;
  const own = value.cache_control !== undefined && value.cache_control !== null ? 1 : 0;
  return own + countCacheControl(value.content);
}
