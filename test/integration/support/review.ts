import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { sendPrompt, sleep, waitUntilIdle, workspaceFile } from './chat';
import { webview } from './driver';

/** `<prefix> line 1` … `<prefix> line 20`, as the review fixtures hold. */
export function fixtureLines(prefix: string): string[] {
  return Array.from({ length: 20 }, (_, index) => `${prefix} line ${index + 1}`);
}

export function joined(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

/** The titles of the CodeLenses VS Code shows for the file. */
export async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  return lenses.map((lens) => lens.command?.title ?? '').filter((title) => title !== '');
}

/** Waits until the file shows this many `Accept` lenses (one per pending hunk; `Accept Change` on the file's first line). */
export async function waitForHunks(uri: vscode.Uri, count: number, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const titles = await lensTitles(uri);
    if (titles.filter((title) => /^\$\(check\) Accept( Change)?$/.test(title)).length === count) return titles;
    if (Date.now() > deadline) throw new Error(`Expected ${count} pending hunks in ${uri.path}; CodeLenses: ${titles.join(' | ') || 'none'}`);
    await sleep(100);
  }
}

export async function waitUntil(what: string, test: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await sleep(50);
  }
}

export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The model calls the tools in one reply, then says it is done; the prompt is sent as the user would. */
export async function agentDoes(server: FakeLlmServer, prompt: string, calls: Array<[string, object]>): Promise<void> {
  server.enqueue(
    { kind: 'reply', content: calls.map(([name, input]) => toolCall(name, input)) },
    { kind: 'reply', content: [text(`Done: ${prompt}`)] },
  );
  await sendPrompt(prompt);
  await webview.waitFor('.item-assistant', { text: `Done: ${prompt}` });
  await waitUntilIdle();
}

export function documentOf(relative: string): vscode.TextDocument | undefined {
  const wanted = workspaceFile(relative).toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === wanted);
}
