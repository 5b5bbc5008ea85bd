import type * as vscode from 'vscode';

/** SecretStorage as VS Code keeps it: a map of names to strings. */
export function memorySecrets(): vscode.SecretStorage & { names(): string[] } {
  const stored = new Map<string, string>();
  return {
    get: async (name: string) => stored.get(name),
    store: async (name: string, value: string) => void stored.set(name, value),
    delete: async (name: string) => void stored.delete(name),
    onDidChange: () => ({ dispose: () => undefined }),
    names: () => [...stored.keys()],
  };
}
