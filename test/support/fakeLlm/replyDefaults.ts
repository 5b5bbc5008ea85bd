/** What a scripted reply implies when the script leaves it out. */
import type { ScriptedBlock, ScriptedStopReason, ScriptedUsage } from './types';

export function stopReasonOf(content: ScriptedBlock[], scripted?: ScriptedStopReason): ScriptedStopReason {
  return scripted ?? (content.some((block) => block.type === 'tool_call') ? 'tool_use' : 'end_turn');
}

/** Unscripted usage is a deterministic estimate: about four characters per token. */
export function usageOf(requestBody: unknown, content: ScriptedBlock[], scripted?: ScriptedUsage): Required<ScriptedUsage> {
  if (scripted) {
    return { input: scripted.input, output: scripted.output, cacheRead: scripted.cacheRead ?? 0, cacheWrite: scripted.cacheWrite ?? 0 };
  }
  const outputChars = content.reduce((sum, block) => sum + blockChars(block), 0);
  return {
    input: Math.max(1, Math.ceil(JSON.stringify(requestBody ?? null).length / 4)),
    output: Math.max(1, Math.ceil(outputChars / 4)),
    cacheRead: 0,
    cacheWrite: 0,
  };
}

function blockChars(block: ScriptedBlock): number {
  switch (block.type) {
    case 'text': return block.text.length;
    case 'thinking': return block.thinking.length;
    case 'tool_call': return block.name.length + block.arguments.length;
  }
}
