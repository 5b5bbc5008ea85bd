import { subagentStatusSchema, toolKindSchema, toolRefusalSchema, toolStatusSchema, type Subagent, type SubagentStep } from '../../../protocol/chatItems';
import type { SavedSubagent, SavedSubagentStep } from '../../../node/conversations/savedSubagentSchema';

/** A saved child as the card shows it: a state a later version added reads as failed, a tool kind as unknown, a refusal as none. */
export function subagentOfSaved(saved: SavedSubagent): Subagent {
  const status = subagentStatusSchema.safeParse(saved.status);
  return { ...saved, status: status.success ? status.data : 'failed', steps: saved.steps.map(stepOfSaved) };
}

function stepOfSaved(saved: SavedSubagentStep): SubagentStep {
  if (saved.kind === 'text') return saved;
  const { toolKind, status, refusal, subagent, ...step } = saved;
  const kind = toolKindSchema.safeParse(toolKind);
  const known = toolStatusSchema.safeParse(status);
  const refused = toolRefusalSchema.safeParse(refusal);
  return {
    ...step,
    toolKind: kind.success ? kind.data : 'unknown',
    status: known.success ? known.data : 'error',
    ...(refused.success ? { refusal: refused.data } : {}),
    ...(subagent === undefined ? {} : { subagent: subagentOfSaved(subagent) }),
  };
}
