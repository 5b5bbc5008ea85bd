import type { ToolRefusal } from './toolRefusal';

/**
 * A failure whose message is written for the model: what went wrong and what to do next.
 * Tools throw it; the registry turns it into an error tool result. `refusal` marks a call the
 * conversation's mode does not allow (see `ToolRefusal`).
 */
export class ToolError extends Error {
  constructor(message: string, readonly refusal?: ToolRefusal) {
    super(message);
    this.name = 'ToolError';
  }
}
