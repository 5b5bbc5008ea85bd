/**
 * An Anthropic prompt as canonical text in the order the service caches it (tools, system,
 * messages), with every `cache_control` left out so that moving a breakpoint does not change
 * the text, and with where each block ends and which blocks are breakpoints.
 */
import { countCacheControl } from './anthropicValidation';
import { isObject, type JsonObject } from './json';

export interface CanonicalPrompt {
  text: string;
  /** The offset in `text` where each block ends, in order. */
  blockEnds: number[];
  /** Indexes into `blockEnds` of the blocks that carry `cache_control`, in order. */
  breakpoints: number[];
}

export function anthropicPrompt(body: JsonObject): CanonicalPrompt {
  const prompt: CanonicalPrompt = { text: '', blockEnds: [], breakpoints: [] };
  const add = (block: unknown): void => {
    prompt.text += JSON.stringify(block, (key, value: unknown) => (key === 'cache_control' ? undefined : value));
    prompt.blockEnds.push(prompt.text.length);
    if (countCacheControl(block) > 0) prompt.breakpoints.push(prompt.blockEnds.length - 1);
  };
  prompt.text += 'tools:';
  listOf(body.tools).forEach(add);
  prompt.text += 'system:';
  blocksOf(body.system).forEach(add);
  for (const message of listOf(body.messages)) {
    if (!isObject(message)) continue;
    prompt.text += `${String(message.role)}:`;
    blocksOf(message.content).forEach(add);
  }
  return prompt;
}

/** A plain string is one text block, as the API reads it. */
function blocksOf(content: unknown): unknown[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : listOf(content);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
