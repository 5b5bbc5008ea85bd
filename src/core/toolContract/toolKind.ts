/**
 * What sort of thing a tool does. Hosts show it (the chat's icons), the guard rails count commands
 * by it, and the summary's recently touched files come from the file kinds.
 */
export type ToolKind =
  /** Reads one file, named by the tool's subject argument. */
  | 'read'
  /** Lists the entries of a folder. */
  | 'list'
  /** Searches the contents of the workspace's files. */
  | 'search'
  /** Changes part of one existing file, named by the tool's subject argument. */
  | 'edit'
  /** Creates or replaces one whole file, named by the tool's subject argument. */
  | 'write'
  /** Deletes one file, named by the tool's subject argument. */
  | 'delete'
  /** Runs a shell command; the guard rails count these. */
  | 'command'
  /** Looks after a command already started: reads its output again or stops it. */
  | 'commandFollowUp'
  /** Reads a web page. */
  | 'web'
  /** A tool of an MCP server. */
  | 'mcp'
  /** Hands a task to a subagent, a child agent with its own context. */
  | 'task'
  /** Acts on the conversation itself, e.g. summarises it. */
  | 'conversation'
  /** No tool has the name: the model made it up. */
  | 'unknown';
