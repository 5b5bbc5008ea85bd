import { z } from 'zod';
import type { ToolCallBlock, ToolResultBlock } from '../llm/messages';
import type { ToolSpec } from '../llm/provider';
import { describeInvalidArguments, parseToolArguments } from './toolArguments';
import { cutToolResult } from '../context/toolResultCut';
import { planModeRefusal } from './planMode';
import { agentToolRefusal } from './agentToolLimit';
import { type CommandRunPlacement, type Tool, type ToolContext, type ToolOutput } from './tool';
import type { ToolIdentity } from '../toolContract/toolIdentity';
import { describeToolCall, type ToolCallDescription } from './toolCallDescription';
import { ToolError } from '../toolContract/toolError';
import { refusalSummaries, type ToolRefusal } from '../toolContract/toolRefusal';
import { maxToolsPerRequest, type ExternalTool, type ToolSource } from './toolSource';

/** A finished call: the result for the model and one line for the user. */
export interface ToolRun {
  result: ToolResultBlock;
  summary: string;
  placement?: CommandRunPlacement;
  /** The call was not run because the conversation's mode does not allow it. */
  refusal?: ToolRefusal;
}

const CANCELLED = 'cancelled by the user';

/** The tools the model may call, and the one place their calls are run. */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  /** The built-in tools the model is offered; the others are known (to show the calls an earlier model made) but never run. */
  private readonly toolSpecs = new Map<string, ToolSpec>();
  /** For a tool not offered, the offered one that does its job, named when the model calls it anyway. */
  private readonly substitutes = new Map<string, string | undefined>();
  private readonly sources: ToolSource[] = [];
  /** For a registry fixed for a run: the live one, whose sources may have added tools since. */
  private live: ToolRegistry | undefined;

  /**
   * Throws when the name is taken or the input schema is not an object. `offered: false`: not in `specs()`, and a
   * call is refused with an error that names `useInstead`, so what the model is offered is all it can run.
   */
  register<Schema extends z.ZodType>(tool: Tool<Schema>, options: { offered?: boolean; useInstead?: string } = {}): this {
    if (this.tools.has(tool.name)) throw new Error(`A tool named ${tool.name} is already registered.`);
    const spec = { name: tool.name, description: tool.description, inputSchema: objectSchemaOf(tool) };
    if (options.offered !== false) this.toolSpecs.set(tool.name, spec);
    else this.substitutes.set(tool.name, options.useInstead);
    this.tools.set(tool.name, tool);
    return this;
  }

  /** Tools that change while Elbow runs (MCP servers'); they follow the built-in ones. */
  addSource(source: ToolSource): this {
    this.sources.push(source);
    return this;
  }

  /** Starts the sources (lazily, the first time): call before a run reads `specs()`. */
  async prepare(signal: AbortSignal): Promise<void> {
    await Promise.all(this.sources.map((source) => source.prepare(signal)));
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  /** The tool of that name, built-in or from a source; undefined when there is none. */
  identity(name: string): ToolIdentity | undefined {
    return this.tools.get(name) ?? this.external(name);
  }

  /**
   * The registry as it is now, for one run: the sources' tools are the objects listed at this moment, so a call runs
   * the very tool (server and tool) the model was offered under that name, even if a server has since added, removed or
   * renamed tools and the name now means another one. A tool added since is not run in the run.
   */
  fixedForRun(): ToolRegistry {
    const fixed = new ToolRegistry();
    for (const [name, tool] of this.tools) fixed.tools.set(name, tool);
    for (const [name, spec] of this.toolSpecs) fixed.toolSpecs.set(name, spec);
    for (const [name, instead] of this.substitutes) fixed.substitutes.set(name, instead);
    const listed = this.externalTools();
    fixed.sources.push({ prepare: () => Promise.resolve(), tools: () => listed });
    fixed.live = this;
    return fixed;
  }

  /** Title, kind and subject of a call, from its arguments so far; a name no tool has gets generic ones. */
  describe(name: string, argumentsJson: string): ToolCallDescription {
    return describeToolCall(this.identity(name), name, argumentsJson);
  }

  /** The tools the model is offered, by name. */
  names(): string[] {
    return [...this.toolSpecs.keys(), ...this.externalTools().map((tool) => tool.name)];
  }

  /** Unknown tools count as not read-only. */
  isReadOnly(name: string): boolean {
    return this.tools.get(name)?.readOnly ?? this.external(name)?.readOnly ?? false;
  }

  /** What the model gets: the built-in tools, then the sources' up to the providers' limit. */
  specs(): ToolSpec[] {
    const external = this.externalTools().map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.parameters }));
    return [...this.toolSpecs.values(), ...external];
  }

  async execute(call: ToolCallBlock, context: ToolContext): Promise<ToolResultBlock> {
    return (await this.run(call, context)).result;
  }

  /** Like `execute`, with the summary for the user. Never throws: every failure is an error result. */
  async run(call: ToolCallBlock, context: ToolContext): Promise<ToolRun> {
    if (context.signal.aborted) return failed(call, `${call.name} was ${CANCELLED}.`);
    const tool = this.tools.get(call.name);
    const external = tool === undefined ? this.external(call.name) : undefined;
    if (!tool && !external) {
      if (this.live?.external(call.name) !== undefined) return failed(call, addedDuringRun(call.name));
      const available = this.names().join(', ') || 'none';
      return failed(call, `There is no tool named "${call.name}". Available tools: ${available}.`);
    }
    // Plan mode first: in it no edit tool runs, so naming the offered one instead would only send the model to another refusal.
    const refusal = context.mode === 'plan' ? planModeRefusal(tool ?? (external as ExternalTool)) : undefined;
    if (refusal !== undefined) return this.refused(call, refusal, 'planMode');
    const agentRefusal = context.agent === undefined ? undefined : agentToolRefusal(context.agent, tool ?? (external as ExternalTool));
    if (agentRefusal !== undefined) return this.refused(call, agentRefusal, 'agent');
    if (tool && this.substitutes.has(call.name)) return failed(call, notOffered(call.name, this.substitutes.get(call.name)));
    const parsed = parseToolArguments(call.name, call.arguments);
    if (!parsed.ok) return failed(call, parsed.message);
    try {
      const output = tool ? await runBuiltin(tool, parsed.value, call, context) : await runExternal(external as ExternalTool, parsed.value, call, context);
      // The tools page by the limit themselves; this catches what they cannot (an MCP server's text, a long note).
      const block = resultBlock(call, output);
      const result = context.resultLimit === undefined ? block : cutToolResult(block, context.resultLimit.characters);
      return { result, summary: output.summary ?? call.name, ...(output.placement === undefined ? {} : { placement: output.placement }) };
    } catch (error) {
      if (context.signal.aborted) return failed(call, `${call.name} was ${CANCELLED}.`);
      if (error instanceof ToolError) return error.refusal === undefined ? failed(call, error.message) : this.refused(call, error.message, error.refusal);
      return failed(call, `Tool ${call.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** An error result for the model; for the user, what was not run and that the mode is why. */
  private refused(call: ToolCallBlock, message: string, refusal: ToolRefusal): ToolRun {
    const subject = this.describe(call.name, call.arguments).subject;
    return { result: toolErrorResult(call, message), summary: `${refusalSummaries[refusal]}: ${subject === '' ? call.name : subject}`, refusal };
  }

  private externalTools(): ExternalTool[] {
    const room = Math.max(0, maxToolsPerRequest - this.toolSpecs.size);
    return this.sources.flatMap((source) => source.tools()).filter((tool) => !this.tools.has(tool.name)).slice(0, room);
  }

  private external(name: string): ExternalTool | undefined {
    return this.externalTools().find((tool) => tool.name === name);
  }
}

async function runBuiltin(tool: Tool, value: unknown, call: ToolCallBlock, context: ToolContext): Promise<ToolOutput> {
  const input = tool.inputSchema.safeParse(value);
  if (!input.success) throw new ToolError(describeInvalidArguments(tool, value, input.error));
  return tool.execute(input.data, { ...context, toolCallId: call.id });
}

async function runExternal(tool: ExternalTool, value: unknown, call: ToolCallBlock, context: ToolContext): Promise<ToolOutput> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolError(`The arguments for ${tool.name} must be a JSON object. Call ${tool.name} again with an object of its parameters.`);
  }
  const problem = tool.validate(value);
  if (problem !== undefined) throw new ToolError(`Invalid arguments for ${tool.name}: ${problem}. Fix them and call ${tool.name} again.`);
  return tool.execute(value as Record<string, unknown>, { ...context, toolCallId: call.id });
}

/** An error result for a call, e.g. one the loop never runs. */
export function toolErrorResult(call: ToolCallBlock, message: string): ToolResultBlock {
  return { type: 'tool_result', toolCallId: call.id, toolName: call.name, content: [{ type: 'text', text: message }], isError: true };
}

/** The result for a call that was not run or was stopped, e.g. because the user cancelled. */
export function cancelledResult(call: ToolCallBlock, reason = `${call.name} was ${CANCELLED}.`): ToolResultBlock {
  return toolErrorResult(call, reason);
}

function notOffered(name: string, useInstead: string | undefined): string {
  const instead = useInstead === undefined ? ' Use one of the tools you have.' : ` Use ${useInstead} instead (see its description), and call it again with the same change.`;
  return `${name} is not one of your tools in this conversation, so nothing was done.${instead}`;
}

function addedDuringRun(name: string): string {
  return `${name} was not run: the tool was added after this request began, so it is not among the tools you were given. It is offered from the user's next message; until then work with the tools you have.`;
}

function failed(call: ToolCallBlock, message: string): ToolRun {
  const firstLine = message.split('\n', 1)[0] ?? message;
  return { result: toolErrorResult(call, message), summary: firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine };
}

function resultBlock(call: ToolCallBlock, output: ToolOutput): ToolResultBlock {
  const content = typeof output.content === 'string' ? [{ type: 'text' as const, text: output.content || '(no output)' }] : output.content;
  return {
    type: 'tool_result',
    toolCallId: call.id,
    toolName: call.name,
    content: content.length > 0 ? content : [{ type: 'text', text: '(no output)' }],
    isError: output.isError ?? false,
  };
}

function objectSchemaOf(tool: Tool): Record<string, unknown> {
  // `input`: fields with defaults are optional for the model.
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as Record<string, unknown>;
  if (schema.type !== undefined && schema.type !== 'object') {
    throw new Error(`The input schema of ${tool.name} must be an object, not ${JSON.stringify(schema.type)}.`);
  }
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}
