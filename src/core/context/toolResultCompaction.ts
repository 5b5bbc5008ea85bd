import { toolCallsOf, type AssistantMessage, type Message, type ToolCallBlock, type ToolResultBlock, type ToolResultsMessage } from '../llm/messages';
import { messageTokens } from './tokenEstimate';

const PLACEHOLDER_START = '[Earlier tool result compacted';
/** Results smaller than this are kept: their placeholder would save next to nothing. */
const MIN_RESULT_TOKENS = 100;
const MAX_ARGUMENTS_SHOWN = 200;

export interface ToolResultCompaction {
  /** The history with older results replaced; unchanged messages are the same objects. */
  messages: Message[];
  /** How many results were replaced. */
  shortened: number;
  /** Quick-count tokens freed. */
  savedTokens: number;
}

/**
 * Layer 1 of compaction: replaces older tool results by a one-line placeholder that says how
 * to get the content back. Kept whole: the `keepRecent` most recent results, every result of
 * a batch the model has not seen yet (the history ends with it), small results, and results
 * already replaced. Pure, and the same history always gives the same text, so a history
 * compacted once stays byte-identical until the next compaction.
 */
export function compactToolResults(messages: readonly Message[], keepRecent: number): ToolResultCompaction {
  const kept = protectedResults(messages, keepRecent);
  const compacted: Message[] = [];
  let shortened = 0;
  let savedTokens = 0;
  // A tool message answers the calls of the assistant message right before it.
  let calls = new Map<string, ToolCallBlock>();
  for (const message of messages) {
    if (message.role !== 'tool') {
      if (message.role === 'assistant') calls = callsOf(message);
      compacted.push(message);
      continue;
    }
    let changed = false;
    const results = message.results.map((result) => {
      if (kept.has(result) || isPlaceholder(result) || resultTokens(result) < MIN_RESULT_TOKENS) return result;
      changed = true;
      shortened++;
      return { ...result, content: [{ type: 'text' as const, text: placeholderFor(result, calls.get(result.toolCallId)) }] };
    });
    if (!changed) {
      compacted.push(message);
      continue;
    }
    const replacement: ToolResultsMessage = { role: 'tool', results };
    savedTokens += messageTokens(message) - messageTokens(replacement);
    compacted.push(replacement);
  }
  return { messages: compacted, shortened, savedTokens };
}

/** Whether this result was already replaced by a placeholder. */
export function isPlaceholder(result: ToolResultBlock): boolean {
  const first = result.content[0];
  return result.content.length === 1 && first?.type === 'text' && first.text.startsWith(PLACEHOLDER_START);
}

function placeholderFor(result: ToolResultBlock, call: ToolCallBlock | undefined): string {
  const characters = result.content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
  const argumentsText = call === undefined ? '' : clip(call.arguments.trim(), MAX_ARGUMENTS_SHOWN);
  const size = characters > 0 ? `, ${characters.toLocaleString('en-US')} characters` : '';
  return `${PLACEHOLDER_START}: ${result.toolName}${argumentsText === '' ? '' : ` ${argumentsText}`}${size}. Re-run the tool if you need its full output again.]`;
}

function protectedResults(messages: readonly Message[], keepRecent: number): Set<ToolResultBlock> {
  const kept = new Set<ToolResultBlock>();
  const last = messages.at(-1);
  if (last?.role === 'tool') for (const result of last.results) kept.add(result);
  let remaining = keepRecent;
  for (let index = messages.length - 1; index >= 0 && remaining > 0; index--) {
    const message = messages[index];
    if (message?.role !== 'tool') continue;
    for (let resultIndex = message.results.length - 1; resultIndex >= 0 && remaining > 0; resultIndex--) {
      const result = message.results[resultIndex];
      if (result !== undefined) kept.add(result);
      remaining--;
    }
  }
  return kept;
}

function callsOf(message: AssistantMessage): Map<string, ToolCallBlock> {
  return new Map(toolCallsOf(message).map((call) => [call.id, call]));
}

function resultTokens(result: ToolResultBlock): number {
  return messageTokens({ role: 'tool', results: [result] });
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never end on half of a character made of two UTF-16 units: a lone surrogate makes the request invalid JSON for some APIs.
  const end = isHighSurrogate(text.charCodeAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
