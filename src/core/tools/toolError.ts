/**
 * A failure whose message is written for the model: what went wrong and what to do next.
 * Tools throw it; the registry turns it into an error tool result.
 */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}
