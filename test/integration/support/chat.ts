import * as vscode from 'vscode';
import { startFakeLlmServer, type FakeLlmServer } from '../../support/fakeLlmServer';
import { webview } from './driver';

export const fakeApiKey = 'test-key';

/** Starts the fake model server and points Elbow's settings at it (user settings, so the workspace stays clean). */
export async function startModelServer(): Promise<FakeLlmServer> {
  const server = await startFakeLlmServer({ apiKey: fakeApiKey });
  await useModelServer(server);
  await vscode.workspace.getConfiguration('elbow').update('maxRetries', 2, vscode.ConfigurationTarget.Global);
  return server;
}

/** Points Elbow's provider, endpoint and model at the fake model server: how a suite that changed them hands the next one a working chat. */
export async function useModelServer(server: FakeLlmServer): Promise<void> {
  const configuration = vscode.workspace.getConfiguration('elbow');
  await configuration.update('provider', 'openai', vscode.ConfigurationTarget.Global);
  await configuration.update('baseUrl', server.openaiBaseUrl, vscode.ConfigurationTarget.Global);
  await configuration.update('model', 'fake-model', vscode.ConfigurationTarget.Global);
  // A known window, so Elbow does not hint at an unknown model during the tests.
  await configuration.update('models', { 'fake-model': { contextWindow: 128_000, maxOutputTokens: 8_192 } }, vscode.ConfigurationTarget.Global);
}

/** A suite's fresh start: what an earlier suite left pending review is accepted first, so New Chat has nothing to ask. */
export async function startNewChat(): Promise<void> {
  await vscode.commands.executeCommand('elbow.acceptAllChanges');
  await vscode.commands.executeCommand('elbow.newChat');
}

export async function openChat(): Promise<void> {
  await vscode.commands.executeCommand('elbow.focusChat');
  await webview.waitFor('#prompt');
}

/** Types the prompt into the chat's input box and presses Enter, as the user does. */
export async function sendPrompt(text: string): Promise<void> {
  await webview.fill('#prompt', text);
  await webview.press('#prompt', 'Enter');
}

/**
 * Sends the prompt and waits for the run it starts to end, known by the model's `reply` showing
 * first: checking for idle right after Enter could pass before the run has even begun.
 */
export async function sendPromptAndWaitForReply(prompt: string, reply: string): Promise<void> {
  await sendPrompt(prompt);
  await webview.waitFor('.item-assistant', { text: reply });
  await waitUntilIdle();
}

export async function waitUntilIdle(timeoutMs = 30_000): Promise<void> {
  await webview.waitFor('body[data-running="true"]', { state: 'detached', timeoutMs });
}

/** After a test: stops what it may have left running (a question, a command) and drops its unused replies, so the next test starts clean. */
export async function stopAndSettle(server: FakeLlmServer): Promise<void> {
  await vscode.commands.executeCommand('elbow.stop');
  await waitUntilIdle();
  server.discardPending();
}

/** The visible text of the elements matching `selector`, in document order. */
export function textsOf(selector: string): Promise<string[]> {
  return webview.evaluate<string[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((element) => element.textContent ?? '')`);
}

export async function lastAssistantText(): Promise<string> {
  return (await textsOf('.item-assistant .markdown')).at(-1) ?? '';
}

export function workspaceFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder === undefined) throw new Error('The integration tests need a workspace folder.');
  return folder.uri;
}

export function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceFolder(), relative);
}

export async function readWorkspaceFile(relative: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceFile(relative)));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface SentMessage {
  role: string;
  content: unknown;
}

/** The messages of the last request the model server received (OpenAI wire format). */
function lastRequestMessages(server: FakeLlmServer): SentMessage[] {
  return (server.requests.at(-1)?.body as { messages: SentMessage[] }).messages;
}

/** Every tool result in the last request, joined. */
export function toolResultsSent(server: FakeLlmServer): string {
  return lastRequestMessages(server).filter((message) => message.role === 'tool').map((message) => String(message.content)).join('\n');
}

/** The last user message of the last request, as the model received it. */
export function lastUserMessage(server: FakeLlmServer): string {
  const user = lastRequestMessages(server).filter((message) => message.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content);
}
