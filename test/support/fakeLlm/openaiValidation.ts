/**
 * The request rules OpenAI Chat Completions enforces, answered with its own 400 messages. Where
 * the fake streams DeepSeek's `reasoning_content` (a scripted thinking block), it also enforces
 * DeepSeek's rule for it.
 */
import { ProtocolError } from './errors';
import { isObject, isObjectSchema, jsonTypeName, toolNamePattern, type JsonObject } from './json';
import { checkOpenAiUserParts } from './imageValidation';
import type { ThinkingMemory } from './thinkingMemory';

const MAX_TOOLS = 128;
const roles = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);
/** The fields of an assistant message in OpenAI's request schema; it refuses any other. */
const assistantFields = new Set(['role', 'content', 'name', 'tool_calls', 'function_call', 'refusal', 'audio']);
const toolCallFields = new Set(['id', 'type', 'function']);

/**
 * `memory`: what this server streamed, for the rules on fields sent back (OpenAI's schema,
 * DeepSeek's reasoning). Without it only the shape every OpenAI-compatible server shares is
 * checked, for callers that enforce each server's own rules (the replay server).
 */
export function validateOpenAiRequest(body: unknown, memory?: ThinkingMemory): void {
  if (!isObject(body)) throw new ProtocolError('We could not parse the JSON body of your request. The body must be a JSON object.');
  if (typeof body.model !== 'string' || body.model === '') throw new ProtocolError('you must provide a model parameter');
  if (body.stream_options !== undefined && body.stream !== true) {
    throw new ProtocolError("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 400, 'stream_options');
  }
  validateOutputLimit(body);
  validateTools(body.tools);
  validateMessages(body.messages, memory);
}

/**
 * OpenAI's reasoning models (o-series, GPT-5 family) refuse `max_tokens` and take
 * `max_completion_tokens`; its older chat models refuse `reasoning_effort`. Model ids other
 * servers use are left alone, as those servers decide for themselves.
 */
function validateOutputLimit(body: JsonObject): void {
  const model = (body.model as string).toLowerCase();
  if (/^(?:o\d|gpt-5|gpt-6)/.test(model) && body.max_tokens !== undefined && body.max_tokens !== null) {
    throw unsupportedParameter('max_tokens', "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.");
  }
  if (/^(?:gpt-4|gpt-3\.5)/.test(model) && body.reasoning_effort !== undefined && body.reasoning_effort !== null) {
    throw unsupportedParameter('reasoning_effort', "Unsupported parameter: 'reasoning_effort' is not supported with this model.");
  }
}

function unsupportedParameter(param: string, message: string): ProtocolError {
  return new ProtocolError(message, 400, param, 'unsupported_parameter');
}

function validateTools(tools: unknown): void {
  if (tools === undefined) return;
  if (!Array.isArray(tools)) throw invalidType('tools', 'array', tools);
  if (tools.length === 0) throw emptyArray('tools');
  if (tools.length > MAX_TOOLS) {
    throw new ProtocolError(
      `Invalid 'tools': array too long. Expected an array with maximum length ${MAX_TOOLS}, but got an array with length ${tools.length} instead.`,
      400, 'tools', 'array_above_max_length',
    );
  }
  tools.forEach((tool: unknown, i) => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) throw invalidType(at, 'object', tool);
    if (tool.type !== 'function') {
      throw new ProtocolError(`Invalid value: '${String(tool.type)}'. Supported values are: 'function' and 'custom'.`, 400, `${at}.type`, 'invalid_value');
    }
    if (!isObject(tool.function)) throw missing(`${at}.function`);
    const { name, parameters } = tool.function;
    if (typeof name !== 'string' || !toolNamePattern.test(name)) {
      throw new ProtocolError(
        `Invalid '${at}.function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`,
        400, `${at}.function.name`, 'invalid_value',
      );
    }
    if (parameters !== undefined && !isObjectSchema(parameters)) {
      throw new ProtocolError(
        `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${describeSchemaType(parameters)}"'.`,
        400, `${at}.function.parameters`, 'invalid_function_parameters',
      );
    }
  });
}

function validateMessages(messages: unknown, memory: ThinkingMemory | undefined): void {
  if (messages === undefined) throw missing('messages');
  if (!Array.isArray(messages)) throw invalidType('messages', 'array', messages);
  if (messages.length === 0) throw emptyArray('messages');
  messages.forEach((message: unknown, i) => validateMessage(message, i));
  if (memory) messages.forEach((message: unknown, i) => validateAssistantFields(message as JsonObject, i, memory));
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as JsonObject;
    if (message.role === 'tool') {
      throw new ProtocolError(
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        400, `messages.[${i}].role`,
      );
    }
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) i = checkToolResponses(messages, i) - 1;
  }
}

function validateMessage(message: unknown, i: number): void {
  const at = `messages[${i}]`;
  if (!isObject(message)) throw invalidType(at, 'object', message);
  if (typeof message.role !== 'string' || !roles.has(message.role)) {
    throw new ProtocolError(
      `Invalid value: '${String(message.role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
      400, `${at}.role`, 'invalid_value',
    );
  }
  const { content } = message;
  if (message.role === 'assistant') {
    validateAssistantToolCalls(message.tool_calls, at);
    const hasToolCalls = Array.isArray(message.tool_calls);
    if ((content === undefined || content === null) && !hasToolCalls) {
      throw new ProtocolError("Invalid value for 'content': expected a string, got null.", 400, `${at}.content`);
    }
    if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content)) {
      throw invalidType(`${at}.content`, 'string or array', content);
    }
    return;
  }
  if (message.role === 'tool' && typeof message.tool_call_id !== 'string') throw missing(`${at}.tool_call_id`);
  if (content === undefined) throw missing(`${at}.content`);
  if (typeof content !== 'string' && !Array.isArray(content)) throw invalidType(`${at}.content`, 'string or array', content);
  if (message.role === 'user' && Array.isArray(content)) checkOpenAiUserParts(content, at);
}

/**
 * OpenAI refuses fields outside its schema ("Additional properties are not allowed ('parsed',
 * 'refusal' were unexpected) - 'messages.2'", openai/openai-node#1161). A server that sent
 * `reasoning_content` (DeepSeek) takes it back, and in a tool loop demands it: "The
 * `reasoning_content` in the thinking mode must be passed back to the API" (DeepSeek's
 * thinking-mode guide, api-docs.deepseek.com/guides/thinking_mode).
 */
function validateAssistantFields(message: JsonObject, i: number, memory: ThinkingMemory): void {
  if (message.role !== 'assistant') return;
  const reasoning = message.reasoning_content;
  const ownReasoning = typeof reasoning === 'string' && memory.acceptsReasoning(reasoning);
  const unexpected = Object.keys(message).filter((key) => !assistantFields.has(key) && !(key === 'reasoning_content' && ownReasoning));
  if (unexpected.length > 0) throw additionalProperties(unexpected, `messages.${i}`);
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as JsonObject[]) : [];
  calls.forEach((call, k) => {
    const extra = Object.keys(call).filter((key) => !toolCallFields.has(key));
    if (extra.length > 0) throw additionalProperties(extra, `messages.${i}.tool_calls.${k}`);
  });
  const required = calls.map((call) => memory.reasoningWith(String(call.id))).find((text) => text !== undefined);
  if (required !== undefined && reasoning !== required) {
    throw new ProtocolError('The `reasoning_content` in the thinking mode must be passed back to the API.');
  }
}

function additionalProperties(keys: string[], at: string): ProtocolError {
  const list = keys.map((key) => `'${key}'`).join(', ');
  return new ProtocolError(`Additional properties are not allowed (${list} ${keys.length === 1 ? 'was' : 'were'} unexpected) - '${at}'`);
}

function validateAssistantToolCalls(toolCalls: unknown, at: string): void {
  if (toolCalls === undefined || toolCalls === null) return;
  if (!Array.isArray(toolCalls)) throw invalidType(`${at}.tool_calls`, 'array', toolCalls);
  if (toolCalls.length === 0) throw emptyArray(`${at}.tool_calls`);
  toolCalls.forEach((call: unknown, k) => {
    const callAt = `${at}.tool_calls[${k}]`;
    if (!isObject(call)) throw invalidType(callAt, 'object', call);
    if (typeof call.id !== 'string') throw missing(`${callAt}.id`);
    if (call.type !== 'function') throw missing(`${callAt}.type`);
    if (!isObject(call.function)) throw missing(`${callAt}.function`);
    if (typeof call.function.name !== 'string') throw missing(`${callAt}.function.name`);
    if (call.function.arguments === undefined) throw missing(`${callAt}.function.arguments`);
    if (typeof call.function.arguments !== 'string') throw invalidType(`${callAt}.function.arguments`, 'string', call.function.arguments);
  });
}

/** Checks the run of `tool` messages after assistant message `i`; returns the index after it. */
function checkToolResponses(messages: unknown[], i: number): number {
  const calls = (messages[i] as JsonObject).tool_calls as JsonObject[];
  const expected = calls.map((call) => call.id as string);
  const answered = new Set<string>();
  let j = i + 1;
  for (; j < messages.length; j++) {
    const message = messages[j] as JsonObject;
    if (message.role !== 'tool') break;
    const id = message.tool_call_id as string;
    if (!expected.includes(id) || answered.has(id)) {
      throw new ProtocolError(
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        400, `messages.[${j}].role`,
      );
    }
    answered.add(id);
  }
  const unanswered = expected.filter((id) => !answered.has(id));
  if (unanswered.length > 0) {
    throw new ProtocolError(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${unanswered.join(', ')}`,
      400, `messages.[${j < messages.length ? j : i}].role`,
    );
  }
  return j;
}

function missing(param: string): ProtocolError {
  return new ProtocolError(`Missing required parameter: '${param}'.`, 400, param, 'missing_required_parameter');
}

function invalidType(param: string, expected: string, got: unknown): ProtocolError {
  return new ProtocolError(
    `Invalid type for '${param}': expected ${expected === 'array' || expected === 'object' ? 'an' : 'a'} ${expected}, but got ${jsonTypeName(got)} instead.`,
    400, param, 'invalid_type',
  );
}

function emptyArray(param: string): ProtocolError {
  return new ProtocolError(
    `Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
    400, param, 'empty_array',
  );
}

function describeSchemaType(schema: unknown): string {
  return isObject(schema) && typeof schema.type === 'string' ? schema.type : 'None';
}
