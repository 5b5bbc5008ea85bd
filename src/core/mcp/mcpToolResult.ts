import type { ImageBlock, TextBlock } from '../llm/messages';
import { pageCharacters, type ResultLimit } from '../tools/resultLimit';
import type { ToolOutput } from '../tools/tool';

/** The parts of an MCP `tools/call` result Elbow reads; anything else in it is ignored. */
export interface McpCallResult {
  content?: readonly McpContent[];
  structuredContent?: unknown;
  isError?: boolean;
}

export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string }
  | { type: string };

/** Text beyond this (or the window's share for one result, when smaller) is cut: a result must not fill the context window by itself. */
export const maxResultCharacters = 60_000;

/** An MCP tool's result as the model gets it: text, images, and a line for everything else; `limit` is the result limit from the model's window. */
export function mcpToolOutput(result: McpCallResult, server: string, tool: string, limit?: ResultLimit): ToolOutput {
  const blocks: Array<TextBlock | ImageBlock> = [];
  for (const content of result.content ?? []) blocks.push(blockOf(content));
  if (blocks.length === 0 && result.structuredContent !== undefined) {
    blocks.push({ type: 'text', text: JSON.stringify(result.structuredContent, null, 2) });
  }
  const content = capped(blocks, pageCharacters(limit, maxResultCharacters));
  const isError = result.isError === true;
  const firstText = content.find((block): block is TextBlock => block.type === 'text')?.text.split('\n', 1)[0] ?? '';
  return {
    content: content.length > 0 ? content : '(no output)',
    isError,
    summary: isError ? `${server} › ${tool} failed${firstText === '' ? '' : `: ${shorten(firstText, 100)}`}` : `${server} › ${tool}`,
  };
}

function blockOf(content: McpContent): TextBlock | ImageBlock {
  if (isText(content)) return { type: 'text', text: content.text };
  if (isImage(content)) return { type: 'image', mediaType: content.mimeType, data: content.data };
  if (isAudio(content)) return { type: 'text', text: `[audio (${content.mimeType}, ${base64Bytes(content.data)} bytes) not shown: Elbow passes text and images only]` };
  if (isResource(content)) {
    const { uri, mimeType, text, blob } = content.resource;
    if (text !== undefined) return { type: 'text', text: `Resource ${uri}${mimeType === undefined ? '' : ` (${mimeType})`}:\n${text}` };
    if (blob !== undefined && mimeType?.startsWith('image/')) return { type: 'image', mediaType: mimeType, data: blob };
    return { type: 'text', text: `[resource ${uri} (${mimeType ?? 'binary'}, ${base64Bytes(blob ?? '')} bytes) not shown: binary content]` };
  }
  if (isResourceLink(content)) {
    const parts = [`Resource link: ${content.name} ${content.uri}`, content.mimeType === undefined ? '' : ` (${content.mimeType})`, content.description === undefined ? '' : ` — ${content.description}`];
    return { type: 'text', text: parts.join('') };
  }
  return { type: 'text', text: `[${content.type} content not shown: Elbow does not read this kind]` };
}

function capped(blocks: Array<TextBlock | ImageBlock>, maxCharacters: number): Array<TextBlock | ImageBlock> {
  let budget = maxCharacters;
  return blocks.map((block) => {
    if (block.type !== 'text') return block;
    if (block.text.length <= budget) {
      budget -= block.text.length;
      return block;
    }
    const kept = block.text.slice(0, Math.max(budget, 0));
    const cut = block.text.length - kept.length;
    budget = 0;
    return { type: 'text', text: `${kept}\n[… ${cut.toLocaleString('en-US')} more characters cut: the result was longer than ${maxCharacters.toLocaleString('en-US')} characters. Ask the tool for less, e.g. a narrower query or a page.]` };
  });
}

function isText(content: McpContent): content is { type: 'text'; text: string } {
  return content.type === 'text' && typeof (content as { text?: unknown }).text === 'string';
}

function isImage(content: McpContent): content is { type: 'image'; data: string; mimeType: string } {
  return content.type === 'image' && hasData(content);
}

function isAudio(content: McpContent): content is { type: 'audio'; data: string; mimeType: string } {
  return content.type === 'audio' && hasData(content);
}

function hasData(content: McpContent): boolean {
  const { data, mimeType } = content as { data?: unknown; mimeType?: unknown };
  return typeof data === 'string' && typeof mimeType === 'string';
}

function isResource(content: McpContent): content is Extract<McpContent, { type: 'resource' }> {
  const resource = (content as { resource?: { uri?: unknown } }).resource;
  return content.type === 'resource' && typeof resource?.uri === 'string';
}

function isResourceLink(content: McpContent): content is Extract<McpContent, { type: 'resource_link' }> {
  const { uri, name } = content as { uri?: unknown; name?: unknown };
  return content.type === 'resource_link' && typeof uri === 'string' && typeof name === 'string';
}

function base64Bytes(data: string): number {
  return Math.floor((data.replace(/=+$/, '').length * 3) / 4);
}

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
