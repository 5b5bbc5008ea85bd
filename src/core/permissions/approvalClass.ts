import type { ApprovalRequest } from '../host/approvals';

/**
 * What approving a request gives away, by class. A flag or switch that approves without asking
 * names the classes it covers; everything else is asked about (or refused when nobody can answer).
 */
export type ApprovalClass =
  /** A command that runs in the OS sandbox: contained whatever it does. */
  | 'sandboxedCommand'
  /** A tool of an MCP server that is already running. */
  | 'mcpTool'
  /** Going on past a guard rail (many commands without a user message). */
  | 'continue'
  /** A command that runs with the user's full rights: outside the sandbox, or where none runs. */
  | 'unsandboxedCommand'
  /** One of Elbow's own tools reads a path outside the workspace folders. */
  | 'readOutsideWorkspace'
  /** One of Elbow's own tools writes a path outside the workspace folders. */
  | 'writeOutsideWorkspace'
  /** One of Elbow's own tools creates, changes or deletes a protected file (`.npmrc`, `.vscode/tasks.json`, `AGENTS.md`…). */
  | 'protectedFile'
  /** `fetch_url` reads a page of a domain not allowed up front. */
  | 'webPage';

export function approvalClassOf(request: ApprovalRequest): ApprovalClass {
  switch (request.kind) {
    case 'command':
      return request.placement.kind === 'sandbox' ? 'sandboxedCommand' : 'unsandboxedCommand';
    case 'outsideWorkspace':
      return request.access === 'read' ? 'readOutsideWorkspace' : 'writeOutsideWorkspace';
    case 'mcpTool':
      return 'mcpTool';
    case 'protectedFile':
      return 'protectedFile';
    case 'webPage':
      return 'webPage';
    case 'continue':
      return 'continue';
  }
}
