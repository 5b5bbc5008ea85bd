import { loadMcpSdk } from '../loadMcpSdk';

/** The server refuses Elbow until the user signs in: thrown where signing in would need the user. */
export class McpSignInRequired extends Error {
  readonly signInRequired = true;
}

/** The error means the user has to sign in (again): Elbow's own, the SDK's, or a 401 that signing in did not cure. */
export function isSignInRequired(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Partial<McpSignInRequired>).signInRequired === true) return true;
    if (current instanceof loadMcpSdk().UnauthorizedError) return true;
    if ((current as { code?: unknown }).code === 401) return true;
  }
  return false;
}
