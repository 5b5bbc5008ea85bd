import type { AgentEvent } from '../core/agent/agentEvents';

/** `--json`: every agent event as one JSON line, for scripts and other programs. */
export class JsonRenderer {
  constructor(private readonly write: (text: string) => void) {}

  handle(event: AgentEvent): void {
    this.write(`${JSON.stringify(event)}\n`);
  }
}
