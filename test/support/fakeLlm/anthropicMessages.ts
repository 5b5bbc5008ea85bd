/**
 * The conversation rules of Anthropic Messages: roles, alternation, content blocks, tool_use /
 * tool_result pairing, and assistant content (thinking) coming back exactly as produced.
 */
import { ProtocolError } from './errors';
import { isObject, jsonTypeName, type JsonObject } from './json';
import { checkAnthropicImage } from './imageValidation';
import type { ThinkingMemory } from './thinkingMemory';

const userBlockTypes = ['text', 'image', 'document', 'search_result', 'tool_result'];
const assistantBlockTypes = ['text', 'thinking', 'redacted_thinking', 'tool_use', 'server_tool_use', 'web_search_tool_result'];

type Role = 'user' | 'assistant';
interface Message { role: Role; blocks: JsonObject[] }

export function validateAnthropicMessages(raw: unknown, memory: ThinkingMemory, thinkingEnabled: boolean): void {
  if (raw === undefined) throw new ProtocolError('messages: Field required');
  if (!Array.isArray(raw)) throw new ProtocolError(`messages: Input should be a valid list, got ${jsonTypeName(raw)}`);
  if (raw.length === 0) throw new ProtocolError('messages: at least one message is required');
  const messages = raw.map((message: unknown, i) => normalize(message, i, i === raw.length - 1));
  checkAlternation(messages);
  const seenToolUseIds = new Set<string>();
  messages.forEach((message, i) => {
    message.blocks.forEach((block, k) => checkBlock(block, `messages.${i}.content.${k}`, message.role, memory, seenToolUseIds));
  });
  checkToolPairing(messages);
  checkFinalThinking(messages, memory, thinkingEnabled);
}

function normalize(message: unknown, i: number, isLast: boolean): Message {
  if (!isObject(message)) throw new ProtocolError(`messages.${i}: Input should be a valid dictionary`);
  const { role, content } = message;
  if (role === 'system') {
    throw new ProtocolError('messages: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.');
  }
  if (role !== 'user' && role !== 'assistant') throw new ProtocolError(`messages.${i}.role: Input should be 'user' or 'assistant'`);
  const allowEmpty = isLast && role === 'assistant';
  const nonEmpty = new ProtocolError(`messages.${i}: all messages must have non-empty content except for the optional final assistant message`);
  if (typeof content === 'string') {
    if (content === '' && !allowEmpty) throw nonEmpty;
    if (isLast && role === 'assistant' && /\s$/.test(content)) throw trailingWhitespace();
    return { role, blocks: content === '' ? [] : [{ type: 'text', text: content }] };
  }
  if (!Array.isArray(content)) throw new ProtocolError(`messages.${i}.content: Input should be a valid string or list, got ${jsonTypeName(content)}`);
  if (content.length === 0 && !allowEmpty) throw nonEmpty;
  content.forEach((block: unknown, k) => {
    if (!isObject(block) || typeof block.type !== 'string') throw new ProtocolError(`messages.${i}.content.${k}: Input should be a valid dictionary with a 'type'`);
  });
  const blocks = content as JsonObject[];
  const last = blocks.at(-1);
  if (isLast && role === 'assistant' && last?.type === 'text' && typeof last.text === 'string' && /\s$/.test(last.text)) throw trailingWhitespace();
  return { role, blocks };
}

function trailingWhitespace(): ProtocolError {
  return new ProtocolError('messages: final assistant content cannot end with trailing whitespace');
}

function checkAlternation(messages: Message[]): void {
  if (messages[0]?.role !== 'user') throw new ProtocolError('messages: first message must use the "user" role');
  messages.forEach((message, i) => {
    if (i > 0 && messages[i - 1]?.role === message.role) {
      throw new ProtocolError(`messages: roles must alternate between "user" and "assistant", but found multiple "${message.role}" roles in a row`);
    }
  });
}

function checkBlock(block: JsonObject, at: string, role: Role, memory: ThinkingMemory, seenToolUseIds: Set<string>): void {
  const allowed = role === 'user' ? userBlockTypes : assistantBlockTypes;
  const type = block.type as string;
  if (!allowed.includes(type)) {
    throw new ProtocolError(`${at}.type: Input tag '${type}' found using 'type' does not match any of the expected tags in a ${role} message: ${allowed.map((t) => `'${t}'`).join(', ')}`);
  }
  switch (type) {
    case 'text':
      checkText(block, at);
      return;
    case 'tool_result':
      checkToolResult(block, at);
      return;
    case 'image':
      checkAnthropicImage(block, at);
      return;
    case 'tool_use':
      checkToolUse(block, at, seenToolUseIds);
      return;
    case 'thinking':
      if (typeof block.thinking !== 'string') throw new ProtocolError(`${at}.thinking.thinking: Field required`);
      if (typeof block.signature !== 'string' || block.signature === '') throw new ProtocolError(`${at}.thinking.signature: Field required`);
      if (!memory.isGenuine(block.thinking, block.signature)) throw new ProtocolError(`${at}: Invalid \`signature\` in \`thinking\` block`);
      return;
    case 'redacted_thinking':
      // Only data the server itself produced is genuine (the scripted fake produces none).
      if (typeof block.data !== 'string' || !memory.isGenuineRedacted(block.data)) throw new ProtocolError(`${at}: Invalid \`data\` in \`redacted_thinking\` block`);
      return;
  }
}

function checkText(block: JsonObject, at: string): void {
  if (typeof block.text !== 'string') throw new ProtocolError(`${at}.text.text: Field required`);
  if (block.text === '') throw new ProtocolError(`${at}: text content blocks must be non-empty`);
  if (block.text.trim() === '') throw new ProtocolError(`${at}: text content blocks must contain non-whitespace text`);
}

function checkToolResult(block: JsonObject, at: string): void {
  if (typeof block.tool_use_id !== 'string') throw new ProtocolError(`${at}.tool_result.tool_use_id: Field required`);
  const { content } = block;
  if (content === undefined || typeof content === 'string') return;
  if (!Array.isArray(content)) throw new ProtocolError(`${at}.tool_result.content: Input should be a valid string or list`);
  content.forEach((inner: unknown, k) => {
    const innerAt = `${at}.tool_result.content.${k}`;
    if (!isObject(inner) || !['text', 'image', 'document', 'search_result'].includes(inner.type as string)) {
      throw new ProtocolError(`${innerAt}.type: Input tag found using 'type' does not match any of the expected tags: 'text', 'image', 'document', 'search_result'`);
    }
    if (inner.type === 'text') checkText(inner, innerAt);
  });
}

function checkToolUse(block: JsonObject, at: string, seen: Set<string>): void {
  if (typeof block.id !== 'string' || !/^[a-zA-Z0-9_-]+$/.test(block.id)) throw new ProtocolError(`${at}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
  if (typeof block.name !== 'string' || block.name === '') throw new ProtocolError(`${at}.tool_use.name: Field required`);
  if (!isObject(block.input)) throw new ProtocolError(`${at}.tool_use.input: Input should be a valid dictionary`);
  if (seen.has(block.id)) throw new ProtocolError(`${at}: \`tool_use\` ids must be unique`);
  seen.add(block.id);
}

/** Checked in message order, so the first broken turn is the one reported. */
function checkToolPairing(messages: Message[]): void {
  messages.forEach((message, i) => {
    if (message.role === 'user') checkToolResults(message, i, messages[i - 1]);
    else checkAnswered(message, i, messages[i + 1]);
  });
}

/** Tool results answer the calls of the message right before, once each. */
function checkToolResults(message: Message, i: number, previous: Message | undefined): void {
  const calls = previous ? toolUseIds(previous) : [];
  const answered = new Set<string>();
  message.blocks.forEach((block, k) => {
    if (block.type !== 'tool_result') return;
    const id = block.tool_use_id as string;
    if (!calls.includes(id) || answered.has(id)) {
      throw new ProtocolError(`messages.${i}.content.${k}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`);
    }
    answered.add(id);
  });
}

/**
 * Every tool_use of an assistant message needs a tool_result in the very next message, in the
 * run of tool_result blocks that opens it (a result after other content does not count). The
 * message is the real API's, as reported in anthropics/claude-code#5989 and Kilo-Org/kilocode#5163.
 */
function checkAnswered(message: Message, i: number, next: Message | undefined): void {
  const answered = new Set(next ? leadingToolResultIds(next) : []);
  const unanswered = toolUseIds(message).filter((id) => !answered.has(id));
  if (unanswered.length > 0) {
    throw new ProtocolError(`messages.${next ? i + 1 : i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`);
  }
}

/**
 * With thinking on, the assistant turn whose tool calls are being answered must start with
 * the thinking block it was produced with (the real API's rule for the final assistant turn).
 */
function checkFinalThinking(messages: Message[], memory: ThinkingMemory, thinkingEnabled: boolean): void {
  if (!thinkingEnabled || messages.length < 2) return;
  const i = messages.length - 2;
  const assistant = messages[i];
  if (assistant?.role !== 'assistant') return;
  const first = assistant.blocks[0];
  if (first?.type === 'thinking' || first?.type === 'redacted_thinking') return;
  if (!toolUseIds(assistant).some((id) => memory.producedWithThinking(id))) return;
  throw new ProtocolError(`messages.${i}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`);
}

function toolUseIds(message: Message): string[] {
  return message.role === 'assistant' ? message.blocks.filter((b) => b.type === 'tool_use').map((b) => b.id as string) : [];
}

function leadingToolResultIds(message: Message): string[] {
  const ids: string[] = [];
  for (const block of message.blocks) {
    if (block.type !== 'tool_result') break;
    ids.push(block.tool_use_id as string);
  }
  return ids;
}
