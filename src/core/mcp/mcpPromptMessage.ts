import type { ImageBlock, TextBlock } from '../llm/messages';
import type { McpPromptResult } from './mcpPrompt';
import type { McpContent } from './mcpToolResult';

/** Text of one prompt beyond this is cut, as an attached file is. */
export const maxPromptCharacters = 60_000;
/** One embedded resource's text beyond this is cut before the whole is. */
export const maxResourceCharacters = 20_000;
export const maxPromptImages = 8;
/** Base64 characters of one image (about 5 MB). */
const maxImageData = 7_000_000;

/**
 * The messages of a `prompts/get` result as the content of the user's message: text as text, images
 * as images, embedded resources as text, and the prompt's assistant turns quoted as context. The
 * server's text is data the user chose to send; it is capped, and the cut is said in the message.
 */
export function mcpPromptContent(result: McpPromptResult, command: string): string | Array<TextBlock | ImageBlock> {
  const blocks: Array<TextBlock | ImageBlock> = [];
  const notes: string[] = [];
  let images = 0;
  for (const message of result.messages) {
    const block = blockOf(message.content, notes);
    if (block === undefined) continue;
    if (block.type === 'image') {
      if (++images > maxPromptImages) {
        notes.push(`an image beyond the first ${maxPromptImages} was left out`);
        continue;
      }
      if (message.role === 'assistant') blocks.push({ type: 'text', text: 'An image from an earlier reply in this prompt (assistant):' });
      blocks.push(block);
      continue;
    }
    blocks.push(message.role === 'assistant' ? { type: 'text', text: quoted(block.text) } : block);
  }
  const content = capped(merged(blocks), command);
  if (notes.length > 0) content.push({ type: 'text', text: `[${command}: ${[...new Set(notes)].join('; ')}.]` });
  if (content.length === 0) throw new Error(`${command} returned no messages.`);
  return content.every((block) => block.type === 'text') ? content.map((block) => (block as TextBlock).text).join('\n\n') : content;
}

function blockOf(content: McpContent, notes: string[]): TextBlock | ImageBlock | undefined {
  const item = content as Record<string, unknown>;
  if (content.type === 'text' && typeof item.text === 'string') return { type: 'text', text: item.text };
  if (content.type === 'image' && typeof item.data === 'string' && typeof item.mimeType === 'string') return imageOf(item.mimeType, item.data, notes);
  if (content.type === 'resource' && typeof item.resource === 'object' && item.resource !== null) {
    const { uri, mimeType, text, blob } = item.resource as Record<string, unknown>;
    const heading = `Resource ${String(uri)}${typeof mimeType === 'string' ? ` (${mimeType})` : ''}`;
    if (typeof text === 'string') return { type: 'text', text: `${heading}:\n${cut(text, maxResourceCharacters, 'of this resource')}` };
    if (typeof blob === 'string' && typeof mimeType === 'string' && mimeType.startsWith('image/')) return imageOf(mimeType, blob, notes);
    return { type: 'text', text: `[${heading}: binary content not shown]` };
  }
  if (content.type === 'resource_link' && typeof item.uri === 'string') return { type: 'text', text: `Resource link: ${typeof item.name === 'string' ? `${item.name} ` : ''}${item.uri}` };
  notes.push(`${content.type} content is not passed on`);
  return undefined;
}

function imageOf(mediaType: string, data: string, notes: string[]): ImageBlock | undefined {
  if (data.length <= maxImageData) return { type: 'image', mediaType, data };
  notes.push('an image larger than 5 MB was left out');
  return undefined;
}

function quoted(text: string): string {
  return `From an earlier reply in this prompt (assistant):\n${text.split('\n').map((line) => `> ${line}`).join('\n')}`;
}

/** Adjacent text blocks as one, so the message reads as the prompt was written. */
function merged(blocks: ReadonlyArray<TextBlock | ImageBlock>): Array<TextBlock | ImageBlock> {
  const result: Array<TextBlock | ImageBlock> = [];
  for (const block of blocks) {
    const last = result[result.length - 1];
    if (block.type === 'text' && last?.type === 'text') result[result.length - 1] = { type: 'text', text: `${last.text}\n\n${block.text}` };
    else result.push(block);
  }
  return result;
}

function capped(blocks: ReadonlyArray<TextBlock | ImageBlock>, command: string): Array<TextBlock | ImageBlock> {
  let budget = maxPromptCharacters;
  let left = 0;
  const result: Array<TextBlock | ImageBlock> = [];
  for (const block of blocks) {
    if (block.type !== 'text') result.push(block);
    else if (block.text.length <= budget) result.push(block);
    else {
      if (budget > 0) result.push({ type: 'text', text: block.text.slice(0, budget) });
      left += block.text.length - Math.max(budget, 0);
    }
    if (block.type === 'text') budget -= block.text.length;
  }
  if (left > 0) result.push({ type: 'text', text: `[… ${left.toLocaleString('en-US')} more characters of ${command} were cut: it returned more than ${maxPromptCharacters.toLocaleString('en-US')} characters.]` });
  return result;
}

function cut(text: string, length: number, what: string): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length)}\n[… ${(text.length - length).toLocaleString('en-US')} more characters ${what} were cut.]`;
}
