import type { AgentEvent } from '../core/agent/agentEvents';

/**
 * What JSON.stringify leaves raw that a terminal would act on, should the lines reach one: DEL, the C1
 * controls (U+009B is CSI) and bidirectional controls. The C0 controls it already writes as `\u00XX`.
 */
const rawInJson = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `--json`: every agent event as one JSON line, for scripts and other programs; the same values, in plain ASCII controls. */
export class JsonRenderer {
  constructor(private readonly write: (text: string) => void) {}

  handle(event: AgentEvent): void {
    this.write(streamLine(event.type === 'subagent' ? childEventLine(event) : event));
  }
}

/** One line of the `--json` stream: the value as JSON, in plain ASCII controls, and a newline. */
export function streamLine(value: unknown): string {
  return `${printableJson(value)}\n`;
}

/** `value` as JSON (indented by `indent` spaces) with every control a terminal would act on as its `\\u` escape: the same value, safe to print. */
export function printableJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(rawInJson, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A child's event as its own line, tagged with the child it came from: `taskId` and `parentCallId`
 * (the `task` call that started it) of the innermost child, its agent, description and `depth`
 * (1 for a child of the user's conversation). After a child's usage, `conversationTotal` is the
 * user's conversation's totals, children included.
 */
function childEventLine(wrapped: Extract<AgentEvent, { type: 'subagent' }>): Record<string, unknown> {
  let child = wrapped;
  let depth = 1;
  while (child.event.type === 'subagent') {
    child = child.event;
    depth++;
  }
  return {
    ...child.event,
    taskId: child.taskId,
    parentCallId: child.callId,
    agent: child.agent,
    description: child.description,
    depth,
    ...(wrapped.total === undefined ? {} : { conversationTotal: wrapped.total }),
  };
}
