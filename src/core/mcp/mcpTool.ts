import { genericToolTitle } from '../tools/toolCallDescription';
import type { ExternalTool } from '../tools/toolSource';
import type { McpServerConnection, McpToolDefinition } from './mcpServerConnection';
import { mcpToolOutput } from './mcpToolResult';
import type { ArgumentsValidator } from './argumentsValidator';

export interface McpToolParts {
  connection: McpServerConnection;
  definition: McpToolDefinition;
  /** As the model sees it. */
  modelName: string;
  validate: ArgumentsValidator;
  /** Writes the tool into the server's `alwaysAllow`. */
  allowAlways?: () => Promise<void>;
}

/** An MCP server's tool as one of the model's tools: asks permission, checks the arguments, calls the server. */
export function mcpTool(parts: McpToolParts): ExternalTool {
  const { connection, definition, modelName } = parts;
  const server = connection.name;
  const tool = definition.name;
  const readOnly = definition.annotations?.readOnlyHint === true;
  return {
    name: modelName,
    description: descriptionOf(definition, server),
    parameters: parametersOf(definition),
    readOnly,
    kind: 'mcp',
    title: (input) => genericToolTitle(modelName, input),
    validate: parts.validate,
    async execute(input, context) {
      await context.permissions.checkMcpTool({
        server,
        tool,
        modelName,
        arguments: input,
        readOnly,
        alwaysAllowed: connection.config.alwaysAllow.includes(tool),
        toolCallId: context.toolCallId ?? '',
        signal: context.signal,
        allowAlways: parts.allowAlways,
      });
      return mcpToolOutput(await connection.callTool(tool, input, context.signal), server, tool, context.resultLimit);
    },
  };
}

function descriptionOf(definition: McpToolDefinition, server: string): string {
  const text = definition.description?.trim() || definition.title?.trim() || definition.annotations?.title?.trim();
  return text || `The tool ${definition.name} of the MCP server "${server}".`;
}

/** The server's schema as it is, minus `$schema` (some providers refuse it), always an object. */
function parametersOf(definition: McpToolDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = definition.inputSchema as Record<string, unknown>;
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}
