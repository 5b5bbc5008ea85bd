import * as vscode from 'vscode';
import { ChatViewProvider } from '../chat/chatViewProvider';
import type { CustomizeNode } from '../customize/customizeTree';
import type { TaskNode } from '../tasks/tasksTree';
import { DeferredTreeProvider } from '../customize/deferredTreeProvider';
import { startTiming, type ActivationTime } from './activationTime';
import { declaredCommands } from './declaredCommands';
import { DeferredStart } from './deferredStart';

/** What the extension exposes to other extensions and its integration tests. */
export interface ElbowApi {
  /** Loading Elbow's code (reading, compiling and running the bundle) and then `activate`, without VS Code's own work in between. */
  activation: ActivationTime;
  /** Of which `activate`. */
  activate: ActivationTime;
  /** Loads and starts the chat's code if the view or a command has not yet; gives how long that took. */
  startChat(): Promise<{ time: ActivationTime; commands: string[] }>;
}

let deferred: DeferredStart | undefined;

/**
 * Activation registers the view and the manifest's commands and nothing more: the chat's code (most of Elbow, see
 * startElbow.ts) loads when the view is first shown or a command first runs, while the view's UI loads in the
 * browser. `codeLoading` is how long loading this code took (extension.ts).
 */
export function activate(context: vscode.ExtensionContext, codeLoading: ActivationTime): ElbowApi {
  const activateTime = startTiming();
  const log = vscode.window.createOutputChannel('Elbow', { log: true });
  const view = new ChatViewProvider(context.extensionUri, log);
  const start = new DeferredStart((elbow) => elbow.startElbow(context, { log, view }), log);
  deferred = start;
  const ownCommands: Record<string, () => unknown> = { 'elbow.showLogs': () => log.show() };
  const forward =
    (id: string) =>
    async (...args: unknown[]): Promise<unknown> => {
      const handler = (await start.started()).commands[id];
      if (handler === undefined) throw new Error(`Elbow has no handler for the command ${id}.`);
      return handler(...args);
    };
  const customizeTree = new DeferredTreeProvider<CustomizeNode>(async () => (await start.started()).customizeTree);
  const tasksTree = new DeferredTreeProvider<TaskNode>(async () => (await start.started()).tasksTree);
  context.subscriptions.push(
    log,
    view,
    customizeTree,
    vscode.window.createTreeView('elbow.customize', { treeDataProvider: customizeTree }),
    tasksTree,
    vscode.window.createTreeView('elbow.tasks', { treeDataProvider: tasksTree }),
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    view.onDidResolve(() => void start.started().catch(() => undefined)),
    ...declaredCommands(context.extension.packageJSON).map((id) => vscode.commands.registerCommand(id, ownCommands[id] ?? forward(id))),
  );

  const activated = activateTime();
  const activation = { wallMs: codeLoading.wallMs + activated.wallMs, cpuMs: codeLoading.cpuMs + activated.cpuMs };
  log.info(`Elbow activated in ${activation.wallMs.toFixed(1)} ms, loading its code ${codeLoading.wallMs.toFixed(1)} ms (CPU ${activation.cpuMs.toFixed(1)} ms).`);
  const startChat = async () => {
    const started = await start.started();
    return { time: start.time ?? { wallMs: 0, cpuMs: 0 }, commands: Object.keys(started.commands) };
  };
  return { activation, activate: activated, startChat };
}

/** VS Code waits for this on shutdown and reload: the open conversation is saved first. */
export async function deactivate(): Promise<void> {
  const started = deferred?.begun;
  deferred = undefined;
  await (await started?.catch(() => undefined))?.stop();
}
