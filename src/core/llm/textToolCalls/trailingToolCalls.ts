import type { ToolSpec } from '../provider';
import { parameterValue } from './parameterValue';
import { isRecord } from '../jsonRecord';

/** A call recovered from the text: the tool's name and its arguments as JSON text. */
export interface TextToolCall {
  name: string;
  arguments: string;
}

export interface TrailingToolCalls {
  /** Where the calls begin: the text before it is the reply's prose. */
  start: number;
  calls: TextToolCall[];
}

const openTag = '<tool_call>';
const closeTag = '</tool_call>';
const functionOpen = '<function=';
const functionClose = '</function>';
const parameterOpen = '<parameter=';

/** The most calls one reply may hand over as text. */
export const maxTextToolCalls = 64;
const parameterClose = '</parameter>';

/**
 * The tool calls a reply ends with, written as text in one of the two formats models of the
 * Qwen and Hermes families are trained on:
 * - Hermes (NousResearch Hermes-2-Pro model card; Qwen2.5 and Qwen3):
 *   `<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>`;
 * - Qwen3-Coder (its chat template and `qwen3coder_tool_parser.py`):
 *   `<tool_call>\n<function=NAME>\n<parameter=KEY>\nVALUE\n</parameter>\n</function>\n</tool_call>`,
 *   the `<tool_call>` wrapper sometimes left out.
 * Only whitespace may follow the last call, every block must be whole and name an offered tool;
 * otherwise there are none (`undefined`) and the text stays as the model wrote it. So does a reply
 * ending in more than `maxTextToolCalls` blocks: no model writes that many calls in one reply.
 * Blocks are taken from the end backwards, each scanned once: linear in the text's length.
 */
export function trailingToolCalls(text: string, tools: readonly ToolSpec[]): TrailingToolCalls | undefined {
  const calls: TextToolCall[] = [];
  let end = trimmedEnd(text, text.length);
  let start = end;
  for (;;) {
    const block = lastBlock(text, end);
    if (block === undefined) break;
    const call = parseBlock(block.body, tools);
    if (call === undefined || calls.length === maxTextToolCalls) return undefined;
    calls.push(call);
    start = block.start;
    end = trimmedEnd(text, block.start);
  }
  return calls.length > 0 ? { start, calls: calls.reverse() } : undefined;
}

interface Block {
  start: number;
  /** `<function=…>…</function>` or a Hermes JSON object, untrimmed. */
  body: string;
}

/** The block ending at `end`, wrapped in `<tool_call>` or a bare `<function=…>`. */
function lastBlock(text: string, end: number): Block | undefined {
  if (endsWithAt(text, end, closeTag)) {
    const start = text.lastIndexOf(openTag, end - closeTag.length);
    if (start < 0) return undefined;
    return { start, body: text.slice(start + openTag.length, end - closeTag.length) };
  }
  if (endsWithAt(text, end, functionClose)) {
    const start = text.lastIndexOf(functionOpen, end - functionClose.length);
    if (start < 0) return undefined;
    return { start, body: text.slice(start, end) };
  }
  return undefined;
}

function parseBlock(body: string, tools: readonly ToolSpec[]): TextToolCall | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) return hermesCall(trimmed, tools);
  if (trimmed.startsWith(functionOpen)) return qwenXmlCall(trimmed, tools);
  return undefined;
}

function hermesCall(json: string, tools: readonly ToolSpec[]): TextToolCall | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.name !== 'string' || !isRecord(value.arguments)) return undefined;
  if (!tools.some((tool) => tool.name === value.name)) return undefined;
  return callOf(value.name, value.arguments);
}

/** `<function=NAME>` then `<parameter=KEY>VALUE</parameter>` blocks, whitespace between, then `</function>`: nothing else. */
function qwenXmlCall(xml: string, tools: readonly ToolSpec[]): TextToolCall | undefined {
  const nameEnd = xml.indexOf('>', functionOpen.length);
  if (nameEnd < 0 || !xml.endsWith(functionClose)) return undefined;
  const name = xml.slice(functionOpen.length, nameEnd).trim();
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) return undefined;
  const properties = propertiesOf(tool);
  const args: Record<string, unknown> = {};
  const bodyEnd = xml.length - functionClose.length;
  let at = skipSpace(xml, nameEnd + 1);
  while (at < bodyEnd) {
    if (!xml.startsWith(parameterOpen, at)) return undefined;
    const keyEnd = xml.indexOf('>', at + parameterOpen.length);
    const valueEnd = keyEnd < 0 ? -1 : xml.indexOf(parameterClose, keyEnd + 1);
    if (valueEnd < 0 || valueEnd > bodyEnd) return undefined;
    const key = xml.slice(at + parameterOpen.length, keyEnd).trim();
    if (key === '' || key.includes('<')) return undefined;
    args[key] = parameterValue(withoutFramingNewlines(xml.slice(keyEnd + 1, valueEnd)), properties[key]);
    at = skipSpace(xml, valueEnd + parameterClose.length);
  }
  return callOf(name, args);
}

/**
 * The call with its arguments as JSON text; none when they cannot be written back: JSON.parse
 * reads arrays nested thousands deep, JSON.stringify overflows the stack on them.
 */
function callOf(name: string, args: Record<string, unknown>): TextToolCall | undefined {
  try {
    return { name, arguments: JSON.stringify(args) };
  } catch {
    return undefined;
  }
}

function propertiesOf(tool: ToolSpec): Record<string, unknown> {
  const properties = tool.inputSchema.properties;
  return isRecord(properties) ? properties : {};
}

/** The template writes each value between newlines; they are not part of it. */
function withoutFramingNewlines(value: string): string {
  const start = value.startsWith('\n') ? 1 : 0;
  const end = value.endsWith('\n') && value.length > start ? value.length - 1 : value.length;
  return value.slice(start, end);
}

function trimmedEnd(text: string, end: number): number {
  let at = end;
  while (at > 0 && /\s/.test(text[at - 1] ?? '')) at--;
  return at;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  return at;
}

function endsWithAt(text: string, end: number, suffix: string): boolean {
  return end >= suffix.length && text.startsWith(suffix, end - suffix.length);
}
