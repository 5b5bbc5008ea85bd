import { createHash } from 'node:crypto';
import type { Message } from './messages';
import type { ToolCallIdRule } from './presets/providerPreset';

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The tool call ids one request sends, for a server whose ids follow `rule`: every id of the
 * history that the server accepts is sent as it is (a server's own ids go back unchanged); any
 * other is replaced by one made from a hash of it. Within a request a call and its result always
 * agree and two ids never share a wire id. Ids are taken in the order they first appear, so an id
 * keeps its wire id as the conversation grows; only when compaction drops earlier calls may a
 * rewritten id that had to step aside for a collision get another (the server sees one request at a time).
 */
export function wireToolCallIds(messages: readonly Message[], rule: ToolCallIdRule | undefined): (id: string) => string {
  if (!rule) return (id) => id;
  const wire = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of idsInOrder(messages)) {
    if (wire.has(id)) continue;
    const kept = rule.pattern.test(id) && !taken.has(id) ? id : rewritten(id, rule, taken);
    wire.set(id, kept);
    taken.add(kept);
  }
  return (id) => wire.get(id) ?? id;
}

function idsInOrder(messages: readonly Message[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') for (const block of message.content) if (block.type === 'tool_call') ids.push(block.id);
    if (message.role === 'tool') for (const result of message.results) ids.push(result.toolCallId);
  }
  return ids;
}

/** A hash of `id` in the rule's length and letters; a numbered attempt when that one is taken. */
function rewritten(id: string, rule: ToolCallIdRule, taken: ReadonlySet<string>): string {
  for (let attempt = 0; ; attempt++) {
    const candidate = hashed(attempt === 0 ? id : `${id}\u0000${attempt}`, rule.length);
    if (!taken.has(candidate) && rule.pattern.test(candidate)) return candidate;
  }
}

function hashed(text: string, length: number): string {
  let letters = '';
  for (let round = 0; letters.length < length; round++) {
    const digest = createHash('sha256').update(`${round}\u0000${text}`).digest();
    for (const byte of digest) {
      // 248 = 4 × 62: bytes above it are skipped so every letter is equally likely.
      if (byte < 248) letters += alphanumerics[byte % 62];
      if (letters.length === length) break;
    }
  }
  return letters;
}
