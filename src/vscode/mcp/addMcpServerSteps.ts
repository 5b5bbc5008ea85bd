import * as vscode from 'vscode';
import type { McpConfigFile } from '../../core/mcp/mcpServerConfig';
import { describeKind } from './configFileKinds';
import { newServerEntry, suggestedName, targetProblem, type NewServerKind } from './mcpServerEntry';

export interface NewServer {
  file: McpConfigFile;
  name: string;
  entry: Record<string, unknown>;
}

const kinds: ReadonlyArray<vscode.QuickPickItem & { transport: NewServerKind }> = [
  { transport: 'stdio', label: '$(terminal) Command (stdio)', detail: 'Elbow starts a program on this machine, e.g. npx -y @modelcontextprotocol/server-filesystem .' },
  { transport: 'http', label: '$(globe) HTTP (streamable HTTP)', detail: 'A server already running at a URL, e.g. https://example.com/mcp' },
  { transport: 'sse', label: '$(radio-tower) SSE (older HTTP servers)', detail: 'A server at a URL that speaks the older HTTP+SSE transport' },
];

/** The guided steps of "Add MCP Server": where, how it is reached, the command or URL, and a name. `undefined` when cancelled. */
export async function addServerSteps(files: readonly McpConfigFile[], taken: ReadonlySet<string>): Promise<NewServer | undefined> {
  const where = await vscode.window.showQuickPick(
    files.map((file) => ({ label: file.display, description: describeKind(file), file })),
    { title: 'Add MCP Server (1/4): where should it be configured?' },
  );
  if (where === undefined) return undefined;
  const how = await vscode.window.showQuickPick(kinds, { title: 'Add MCP Server (2/4): how does Elbow reach it?' });
  if (how === undefined) return undefined;
  const target = await vscode.window.showInputBox({
    title: `Add MCP Server (3/4): ${how.transport === 'stdio' ? 'the command that starts it' : 'its URL'}`,
    prompt: how.transport === 'stdio' ? 'Program and arguments, as you would type them in a terminal' : 'The server\'s endpoint URL',
    placeHolder: how.transport === 'stdio' ? 'npx -y @modelcontextprotocol/server-everything' : 'https://example.com/mcp',
    ignoreFocusOut: true,
    validateInput: (value) => targetProblem(how.transport, value),
  });
  if (target === undefined) return undefined;
  let suggestion = suggestedName(how.transport, target);
  for (let number = 2; taken.has(suggestion); number++) suggestion = `${suggestedName(how.transport, target)}-${number}`;
  const name = await vscode.window.showInputBox({
    title: 'Add MCP Server (4/4): a short name',
    prompt: 'Its tools reach the model as mcp__<name>__<tool>',
    value: suggestion,
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (value.trim() === '') return 'Give the server a name.';
      return taken.has(value.trim()) ? `A server named "${value.trim()}" exists already.` : undefined;
    },
  });
  if (name === undefined) return undefined;
  return { file: where.file, name: name.trim(), entry: newServerEntry(how.transport, target) };
}
