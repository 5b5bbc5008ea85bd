import type { AgentEvent, RunOutcome } from '../../core/agent/agentEvents';
import { addToTotals } from '../../core/context/usageTotals';
import { emptyUsage, type Usage } from '../../core/llm/messages';
import type { ChatItemOf, Subagent, SubagentStatus, SubagentStep } from '../../protocol/chatItems';
import { MAX_SUBAGENT_STEPS, MAX_SUBAGENT_TEXT_CHARS } from '../../node/conversations/savedSubagentSchema';

type ToolItem = ChatItemOf<'tool'>;
type ToolStep = Extract<SubagentStep, { kind: 'tool' }>;
export type SubagentEvent = Extract<AgentEvent, { type: 'subagent' }>;


/** The `task` card once a child's event is on it; a grandchild's event lands on the step of the child's own `task` call. */
export function withSubagentEvent(card: ToolItem, event: SubagentEvent): ToolItem {
  return { ...card, subagent: applied(card.subagent, event) };
}

/** Whether the card runs the child `taskId`, or one of its children does. */
export function runsTask(subagent: Subagent | undefined, taskId: string): boolean {
  if (subagent === undefined) return false;
  return subagent.taskId === taskId || subagent.steps.some((step) => step.kind === 'tool' && runsTask(step.subagent, taskId));
}

/** Marks the call `toolCallId` of the child `taskId` as waiting for permission, or every call as no longer waiting (`taskId` undefined). */
export function withAsking(subagent: Subagent, taskId: string | undefined, toolCallId: string | undefined): Subagent {
  const here = taskId !== undefined && subagent.taskId === taskId;
  const steps = subagent.steps.map((step): SubagentStep => {
    if (step.kind !== 'tool') return step;
    const { asking: _wasAsking, subagent: child, ...rest } = step;
    const asking = here && step.id === toolCallId;
    return { ...rest, ...(asking ? { asking } : {}), ...(child === undefined ? {} : { subagent: withAsking(child, taskId, toolCallId) }) };
  });
  return { ...subagent, steps };
}

/** A child the run left unfinished (stopped, failed, interrupted): it and its running calls end. */
export function endedSubagent(subagent: Subagent, status: Exclude<SubagentStatus, 'running' | 'done'>): Subagent {
  const steps = subagent.steps.map((step): SubagentStep => {
    if (step.kind !== 'tool') return step;
    const { asking: _wasAsking, subagent: child, ...rest } = step;
    return { ...rest, status: step.status === 'running' ? 'error' : step.status, ...(child === undefined ? {} : { subagent: endedSubagent(child, status) }) };
  });
  return { ...subagent, status: subagent.status === 'running' ? status : subagent.status, steps };
}

function applied(current: Subagent | undefined, wrapper: SubagentEvent): Subagent {
  const subagent = current ?? { taskId: wrapper.taskId, agent: wrapper.agent, description: wrapper.description, status: 'running', steps: [], usage: emptyUsage(), cost: 0 };
  const used = usageWithin(wrapper.event);
  const counted = used === undefined ? subagent : { ...subagent, ...totalsAdded(subagent, used.usage, used.cost) };
  const event = wrapper.event;
  switch (event.type) {
    case 'text_delta':
      return event.text === '' ? counted : bounded(withText(counted, event.text));
    case 'tool_call_start':
      return counted.steps.some((step) => step.kind === 'tool' && step.id === event.id)
        ? counted
        : bounded({ ...counted, steps: [...counted.steps, { kind: 'tool', id: event.id, name: event.name, toolKind: event.kind, title: event.title, status: 'running' }] });
    case 'tool_call':
      return withStep(counted, event.id, event.name, (step) => ({ ...step, title: event.title, toolKind: event.kind }));
    case 'tool_result':
      return withStep(counted, event.id, event.name, (step) => ({ ...step, status: event.isError ? 'error' : 'done', title: event.summary || event.name, ...(event.refusal === undefined ? {} : { refusal: event.refusal }) }));
    case 'subagent':
      return withStep(counted, event.callId, 'task', (step) => ({ ...step, subagent: applied(step.subagent, event) }));
    case 'done':
      return { ...counted, status: statusOf(event.outcome) };
    default:
      return counted;
  }
}

/** What a request used, however deep the child that sent it. */
function usageWithin(event: AgentEvent): { usage: Usage; cost: number | null } | undefined {
  if (event.type === 'usage') return event;
  return event.type === 'subagent' ? usageWithin(event.event) : undefined;
}

function totalsAdded(subagent: Subagent, usage: Usage, cost: number | null): Pick<Subagent, 'usage' | 'cost'> {
  return addToTotals({ usage: subagent.usage, cost: subagent.cost }, usage, cost);
}

function statusOf(outcome: RunOutcome): SubagentStatus {
  switch (outcome.reason) {
    case 'completed':
      return 'done';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/** Text goes on the last step when that is text; a new text step is named by its place in the whole run, dropped steps counted. */
function withText(subagent: Subagent, text: string): Subagent {
  const { steps } = subagent;
  const last = steps.at(-1);
  if (last?.kind === 'text') return { ...subagent, steps: steps.with(-1, { ...last, text: tail(last.text + text) }) };
  return { ...subagent, steps: [...steps, { kind: 'text', id: `text-${(subagent.droppedSteps ?? 0) + steps.length}`, text: tail(text) }] };
}

function tail(text: string): string {
  return text.length <= MAX_SUBAGENT_TEXT_CHARS ? text : `…${text.slice(-MAX_SUBAGENT_TEXT_CHARS)}`;
}

/** Changes the step of call `id`, adding it first when its start was not seen (e.g. it was dropped). */
function withStep(subagent: Subagent, id: string, name: string, change: (step: ToolStep) => ToolStep): Subagent {
  const index = subagent.steps.findIndex((step) => step.kind === 'tool' && step.id === id);
  const step = subagent.steps[index];
  if (step?.kind === 'tool') return { ...subagent, steps: subagent.steps.with(index, change(step)) };
  const added: ToolStep = { kind: 'tool', id, name, toolKind: name === 'task' ? 'task' : 'unknown', title: name, status: 'running' };
  return bounded({ ...subagent, steps: [...subagent.steps, change(added)] });
}

/** Keeps the latest steps. */
function bounded(subagent: Subagent): Subagent {
  const extra = subagent.steps.length - MAX_SUBAGENT_STEPS;
  if (extra <= 0) return subagent;
  const dropped = (subagent.droppedSteps ?? 0) + extra;
  return { ...subagent, steps: subagent.steps.slice(extra), droppedSteps: dropped };
}
