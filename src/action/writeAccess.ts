import type { GitHubClient } from './gitHubClient';

/** Roles that may change the repository; read and triage may not, nor anyone the API does not know. */
const writingRoles = new Set(['admin', 'maintain', 'write']);

/** Whether `username` may write to the repository, by GitHub's collaborator permission (a failed look-up is a no). */
export async function hasWriteAccess(github: GitHubClient, owner: string, repo: string, username: string): Promise<boolean> {
  try {
    const { data } = await github.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    return writingRoles.has(data.permission) || writingRoles.has(data.role_name);
  } catch {
    return false;
  }
}
