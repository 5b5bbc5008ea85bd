import * as vscode from 'vscode';

/** The part of the built-in Git extension's API (`vscode.git`, version 1) that the `@` mention uses. */
interface GitRepository {
  readonly rootUri: vscode.Uri;
  diff(cached?: boolean): Promise<string>;
}
interface GitApi {
  readonly repositories: readonly GitRepository[];
}
interface GitExtension {
  getAPI(version: 1): GitApi;
}

/**
 * The uncommitted changes of the workspace's repositories (staged, then not staged), through VS Code's own Git
 * extension: the git the user set up, run as VS Code runs it, with no process of Elbow's. `undefined` with a
 * reason when Git is not available.
 */
export async function gitWorkingTreeDiff(): Promise<{ diff: string } | { unavailable: string }> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (extension === undefined) return { unavailable: 'VS Code\'s Git extension is not installed or is disabled.' };
  try {
    const api = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
    if (api.repositories.length === 0) return { unavailable: 'No Git repository is open in this workspace.' };
    const parts: string[] = [];
    for (const repository of api.repositories) parts.push(await repository.diff(true), await repository.diff(false));
    return { diff: parts.filter((part) => part.trim() !== '').map((part) => (part.endsWith('\n') ? part : `${part}\n`)).join('') };
  } catch (error) {
    return { unavailable: `Git could not list the changes: ${error instanceof Error ? error.message : String(error)}` };
  }
}
