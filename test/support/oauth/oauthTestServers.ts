import { ProtectedMcpServer, type OAuthTestServers } from './protectedMcpServer';
import { TestAuthorizationServer } from './testAuthorizationServer';

export type { OAuthTestServers };

/** Starts a test authorization server and a protected MCP server that trusts it. */
export async function startOAuthTestServers(): Promise<OAuthTestServers> {
  const authorization = await new TestAuthorizationServer().start();
  const mcp = await new ProtectedMcpServer(authorization).start();
  return {
    authorization,
    mcp,
    close: async () => {
      await Promise.all([mcp.close(), authorization.close()]);
    },
  };
}
