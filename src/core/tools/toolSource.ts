import type { ToolContext, ToolOutput } from './tool';
import type { ToolIdentity } from '../toolContract/toolIdentity';

/** A tool defined outside Elbow (an MCP server's), described by a JSON Schema rather than zod. */
export interface ExternalTool extends ToolIdentity {
  /** As the model sees it; matches the providers' `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description: string;
  /** JSON Schema of the arguments object, passed to the model as it is. */
  parameters: Record<string, unknown>;
  /** Reads only: may run in parallel with other reads. */
  readOnly: boolean;
  /** What is wrong with the arguments, for the model; `undefined` when they are valid. */
  validate(input: unknown): string | undefined;
  execute(input: Record<string, unknown>, context: ToolContext): Promise<ToolOutput>;
}

/** Tools that come and go while Elbow runs, e.g. those of MCP servers. */
export interface ToolSource {
  /** Before a run: starts what the tools come from (the first time), waiting a bounded time. */
  prepare(signal: AbortSignal): Promise<void>;
  /** The tools as they are now. */
  tools(): readonly ExternalTool[];
}

/** More tools than this and some providers refuse the request (OpenAI: 128). */
export const maxToolsPerRequest = 128;
