/** The MCP subcommands' lines of `elbow --help`. */
export const mcpCommandsUsage = `       elbow mcp login <server> [--mcp-config <file>] [--cwd <dir>] [--trust-workspace]
                                    sign in to a remote MCP server in the browser (OAuth)
       elbow mcp logout <server>    revoke and delete the stored sign-in of a server
       elbow mcp list               the configured MCP servers, and which are signed in`;
