import { z } from 'zod';
import type { ToolCallBlock, ToolResultBlock } from '../llm/messages';
import type { ToolSpec } from '../llm/provider';
import { describeInvalidArguments, parseToolArguments } from './toolArguments';
import { ToolError, type Tool, type ToolContext, type ToolOutput } from './tool';

/** A finished call: the result for the model and one line for the user. */
export interface ToolRun {
  result: ToolResultBlock;
  summary: string;
}

const CANCELLED = 'cancelled by the user';

/** The tools the model may call, and the one place their calls are run. */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  private readonly toolSpecs = new Map<string, ToolSpec>();

  /** Throws when the name is taken or the input schema is not an object. */
  register<Schema extends z.ZodType>(tool: Tool<Schema>): this {
    if (this.tools.has(tool.name)) throw new Error(`A tool named ${tool.name} is already registered.`);
    this.toolSpecs.set(tool.name, { name: tool.name, description: tool.description, inputSchema: objectSchemaOf(tool) });
    this.tools.set(tool.name, tool);
    return this;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** Unknown tools count as not read-only. */
  isReadOnly(name: string): boolean {
    return this.tools.get(name)?.readOnly ?? false;
  }

  specs(): ToolSpec[] {
    return [...this.toolSpecs.values()];
  }

  async execute(call: ToolCallBlock, context: ToolContext): Promise<ToolResultBlock> {
    return (await this.run(call, context)).result;
  }

  /** Like `execute`, with the summary for the user. Never throws: every failure is an error result. */
  async run(call: ToolCallBlock, context: ToolContext): Promise<ToolRun> {
    if (context.signal.aborted) return failed(call, `${call.name} was ${CANCELLED}.`);
    const tool = this.tools.get(call.name);
    if (!tool) {
      const available = this.names().join(', ') || 'none';
      return failed(call, `There is no tool named "${call.name}". Available tools: ${available}.`);
    }
    const parsed = parseToolArguments(call.name, call.arguments);
    if (!parsed.ok) return failed(call, parsed.message);
    const input = tool.inputSchema.safeParse(parsed.value);
    if (!input.success) return failed(call, describeInvalidArguments(tool, parsed.value, input.error));
    try {
      const output = await tool.execute(input.data, { ...context, toolCallId: call.id });
      return { result: resultBlock(call, output), summary: output.summary ?? call.name };
    } catch (error) {
      if (context.signal.aborted) return failed(call, `${call.name} was ${CANCELLED}.`);
      if (error instanceof ToolError) return failed(call, error.message);
      return failed(call, `Tool ${call.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** An error result for a call, e.g. one the loop never runs. */
export function toolErrorResult(call: ToolCallBlock, message: string): ToolResultBlock {
  return { type: 'tool_result', toolCallId: call.id, toolName: call.name, content: [{ type: 'text', text: message }], isError: true };
}

/** The result for a call that was not run or was stopped, e.g. because the user cancelled. */
export function cancelledResult(call: ToolCallBlock, reason = `${call.name} was ${CANCELLED}.`): ToolResultBlock {
  return toolErrorResult(call, reason);
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
