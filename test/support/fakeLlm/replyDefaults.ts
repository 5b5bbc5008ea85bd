/** What a scripted reply implies when the script leaves it out. */
import type { ScriptedBlock, ScriptedStopReason, ScriptedUsage } from './types';

/** Every count the fake makes is this deterministic estimate, not a real tokenizer. */
export const charactersPerToken = 4;

/** How the server counts a request's prompt for usage and for its context window. */
export interface PromptTokens {
  total: number;
  /** Tokens read from the simulated prompt cache (0 unless `simulatePromptCache`). */
  cacheRead: number;
  /** Tokens written to the simulated prompt cache (Anthropic only). */
  cacheWrite: number;
}

/** The size of a request: about four characters of its JSON body per token. */
export function requestTokens(body: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(body ?? null).length / charactersPerToken));
}

export function stopReasonOf(content: ScriptedBlock[], scripted?: ScriptedStopReason): ScriptedStopReason {
  return scripted ?? (content.some((block) => block.type === 'tool_call') ? 'tool_use' : 'end_turn');
}

/** Unscripted usage follows the prompt's count; `input` excludes cached tokens, as in Anthropic's usage. */
export function usageOf(prompt: PromptTokens, content: ScriptedBlock[], scripted?: ScriptedUsage): Required<ScriptedUsage> {
  if (scripted) {
    return { input: scripted.input, output: scripted.output, cacheRead: scripted.cacheRead ?? 0, cacheWrite: scripted.cacheWrite ?? 0 };
  }
  const outputChars = content.reduce((sum, block) => sum + blockChars(block), 0);
  return {
    input: Math.max(0, prompt.total - prompt.cacheRead - prompt.cacheWrite),
    output: Math.max(1, Math.ceil(outputChars / charactersPerToken)),
    cacheRead: prompt.cacheRead,
    cacheWrite: prompt.cacheWrite,
  };
}

function blockChars(block: ScriptedBlock): number {
  switch (block.type) {
    case 'text': return block.text.length;
    case 'thinking': return block.thinking.length;
    case 'tool_call': return block.name.length + block.arguments.length;
  }
}
