import type { AgentEvent } from '../core/agent/agentEvents';
import { addToTotals, type UsageTotals } from '../core/context/usageTotals';
import { emptyUsage } from '../core/llm/messages';
import { formatCost, formatTokenCount } from '../format/tokenCount';
import { compactionLine } from './compactionLine';
import { firstLine, toolCallLine } from './toolCallLine';

type SubagentEvent = Extract<AgentEvent, { type: 'subagent' }>;

/** How a line is coloured on a colour terminal: the same marks as the parent's tool lines. */
export type LineTone = 'ok' | 'error' | 'dim' | 'warning';

export interface SubagentLine {
  text: string;
  tone: LineTone;
}

/** The longest description a child's lines carry as their tag. */
const longestTag = 40;

interface ChildProgress {
  toolCalls: number;
  totals: UsageTotals;
  /** Subjects of the child's calls that are running, printed with their result line. */
  pendingSubjects: Map<string, string>;
}

/**
 * A child's progress as lines for stderr, indented under its parent's `task` call (a child of a
 * child further): when it starts, each of its tool calls, retries and compactions, and how it ended
 * with its tokens and cost. Its text is not shown: only its report, which its parent reads.
 */
export class SubagentLines {
  /** Children by their path of task ids, so a grandchild's id cannot collide with another child's. */
  private readonly children = new Map<string, ChildProgress>();

  /** The lines one wrapped event adds (none for most), from an event whose strings are already printable. */
  lines(wrapped: SubagentEvent): SubagentLine[] {
    const chain = wrappers(wrapped);
    const child = chain.at(-1) as SubagentEvent;
    const event = child.event;
    const key = chain.map((link) => link.taskId).join('/');
    const indent = '  '.repeat(chain.length);
    const label = shorten(child.description);
    const tag = `${label} (${child.agent})`;
    const lines: SubagentLine[] = [];
    let progress = this.children.get(key);
    if (progress === undefined) {
      progress = { toolCalls: 0, totals: { usage: emptyUsage(), cost: 0 }, pendingSubjects: new Map() };
      this.children.set(key, progress);
      lines.push({ text: `${indent}▸ ${tag} started`, tone: 'dim' });
    }
    // A usage event counts for the child it came from and for every child it runs under.
    if (event.type === 'usage') {
      for (let depth = 1; depth < chain.length; depth++) {
        const ancestor = this.children.get(chain.slice(0, depth).map((link) => link.taskId).join('/'));
        if (ancestor !== undefined) ancestor.totals = addToTotals(ancestor.totals, event.usage, event.cost);
      }
    }
    const line = this.lineFor(event, progress, { indent, label, tag, key });
    return line === undefined ? lines : [...lines, line];
  }

  private lineFor(event: AgentEvent, progress: ChildProgress, { indent, label, tag, key }: { indent: string; label: string; tag: string; key: string }): SubagentLine | undefined {
    switch (event.type) {
      case 'tool_call':
        progress.pendingSubjects.set(event.id, event.subject);
        return undefined;
      case 'tool_result': {
        progress.toolCalls++;
        const call = toolCallLine(event.name, progress.pendingSubjects.get(event.id) ?? '');
        progress.pendingSubjects.delete(event.id);
        return event.isError
          ? { text: `${indent}✗ ${label} › ${call}: ${firstLine(event.text)}`, tone: 'error' }
          : { text: `${indent}✓ ${label} › ${call}`, tone: 'ok' };
      }
      case 'usage':
        progress.totals = addToTotals(progress.totals, event.usage, event.cost);
        return undefined;
      case 'retry':
        return { text: `${indent}  ${tag}: ${event.reason} Retrying in ${Math.ceil(event.delayMs / 1000)} s (retry ${event.attempt} of ${event.maxAttempts}).`, tone: 'warning' };
      case 'compaction_start':
      case 'compaction':
      case 'compaction_failed':
        return { text: `${indent}  ${tag}: ${compactionLine(event)}`, tone: event.type === 'compaction_failed' ? 'warning' : 'dim' };
      case 'done': {
        this.children.delete(key);
        const { outcome } = event;
        const figures = childFigures(progress);
        return outcome.reason === 'completed'
          ? { text: `${indent}✓ ${tag} done · ${figures}`, tone: 'ok' }
          : { text: `${indent}✗ ${tag} ${outcome.reason === 'cancelled' ? 'cancelled' : 'failed'}: ${firstLine(outcome.message)} · ${figures}`, tone: 'error' };
      }
      default:
        return undefined;
    }
  }
}

/** The wrappers from the outermost (the parent's child) to the innermost (the child that reported). */
function wrappers(event: SubagentEvent): SubagentEvent[] {
  const chain = [event];
  for (let inner = event.event; inner.type === 'subagent'; inner = inner.event) chain.push(inner);
  return chain;
}

/** `3 tool calls · 12.4k tokens · $0.02` (the cost left out when a price is unknown). */
function childFigures(progress: ChildProgress): string {
  const { usage, cost } = progress.totals;
  const tokens = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens + usage.outputTokens;
  const calls = `${progress.toolCalls} tool call${progress.toolCalls === 1 ? '' : 's'}`;
  return [calls, `${formatTokenCount(tokens)} tokens`, ...(cost === null ? [] : [formatCost(cost)])].join(' · ');
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > longestTag ? `${oneLine.slice(0, longestTag - 1)}…` : oneLine;
}
