import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentHost } from './core/host/host';
import { ApiKeys } from './vscode/apiKeys';
import { ChatController } from './vscode/chat/chatController';
import { ChatViewProvider } from './vscode/chat/chatViewProvider';
import { ConversationStore } from './vscode/chat/conversationStore';
import { readAttachment } from './vscode/commands/attachmentCommands';
import { registerCommands } from './vscode/commands/registerCommands';
import { createVscodeHost, workspaceRoots } from './vscode/host/createVscodeHost';
import { BASELINE_SCHEME, BaselineDocuments } from './vscode/review/baselineDocuments';
import { DocumentWriter } from './vscode/review/documentWriter';
import { ReviewActions } from './vscode/review/reviewActions';
import { ReviewCodeLens } from './vscode/review/reviewCodeLens';
import { registerReviewCommands } from './vscode/review/reviewCommands';
import { ReviewDecorations } from './vscode/review/reviewDecorations';
import { ReviewManager } from './vscode/review/reviewManager';
import { VscodeFileChanges } from './vscode/review/vscodeFileChanges';
import { readSandboxSettings, readTerminalSettings } from './vscode/settings';
import { CommandSandbox } from './node/sandbox/commandSandbox';
import { TerminalRunner } from './vscode/terminal/terminalRunner';
import { ChildProcessRunner } from './node/childProcessRunner';
import { configFiles, createMcpManager } from './node/createMcpManager';
import type { McpManager } from './core/mcp/mcpManager';
import { McpPanelBridge } from './vscode/mcp/mcpPanelBridge';
import { registerMcpCommands } from './vscode/mcp/mcpCommands';
import { watchMcpConfig } from './vscode/mcp/mcpConfigWatcher';
import { askToStartServer } from './vscode/mcp/startServerQuestion';
import { WorkspaceServerApprovals } from './vscode/mcp/workspaceServerApprovals';

/** What the extension exposes to other extensions and its integration tests. */
export interface ElbowApi {
  /** How long `activate` took, in milliseconds. */
  activationMs: number;
}

let activeController: ChatController | undefined;
let activeMcp: McpManager | undefined;

export function activate(context: vscode.ExtensionContext): ElbowApi {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Elbow', { log: true });
  const keys = new ApiKeys(context.secrets);
  const storageFolder = (context.storageUri ?? context.globalStorageUri).fsPath;
  const store = new ConversationStore(path.join(storageFolder, 'conversations'), (message) => log.warn(message));

  const writer = new DocumentWriter();
  const reviewManager = new ReviewManager(writer);
  const reviewActions = new ReviewActions(reviewManager);
  const codeLens = new ReviewCodeLens(reviewManager);
  const baselines = new BaselineDocuments(reviewManager);

  const sandbox = new CommandSandbox({
    roots: workspaceRoots,
    settings: readSandboxSettings,
    // Every extension's global storage (the editor keeps secrets beside it) and this workspace's Elbow storage.
    ownDataFolders: () => [path.dirname(context.globalStorageUri.fsPath), storageFolder],
    quarantineFolder: path.join(context.globalStorageUri.fsPath, 'quarantine'),
    log: (message) => log.warn(message),
  });
  const terminals = new TerminalRunner({ settings: readTerminalSettings, fallback: (shell) => new ChildProcessRunner({ shell, sandbox }), sandbox, log });
  let host: Promise<AgentHost> | undefined;
  const currentHost = (): Promise<AgentHost> => {
    const roots = workspaceRoots();
    if (roots.length === 0) return Promise.reject(new Error('Elbow works on the files of a folder: open a folder or a workspace first.'));
    const changes = new VscodeFileChanges(reviewManager, controller.review, (change) => controller.review.applied(change));
    host ??= createVscodeHost(roots, writer, changes, terminals).then((created) => {
      log.info(`Workspace: ${roots.join(', ')}; search with ${created.searcher.engine}.`);
      return created;
    });
    return host;
  };


  const version = context.extension.packageJSON.version as string;
  const mcpLog = { info: (text: string) => log.info(text), warn: (text: string) => log.warn(text), output: (server: string, line: string) => log.info(`[${server}] ${line}`) };
  const workspaceTrusted = (): boolean => vscode.workspace.isTrusted;
  const startApproval = new WorkspaceServerApprovals(context.workspaceState, workspaceTrusted, askToStartServer);
  const mcpOptions = { workspaceRoots, workspaceTrusted, startApproval, clientVersion: version, log: mcpLog };
  const mcp = createMcpManager(mcpOptions);
  const mcpFiles = () => configFiles(mcpOptions, process.env, os.homedir());
  activeMcp = mcp;
  const mcpPanel = new McpPanelBridge({ manager: mcp, post: (message) => view.post(message), log });

  const view: ChatViewProvider = new ChatViewProvider(context.extensionUri, (message) => controller.handle(message), log);
  const controller: ChatController = new ChatController({
    store,
    transcriptsFolder: path.join(storageFolder, 'transcripts'),
    keys,
    log,
    state: context.workspaceState,
    post: (message) => view.post(message),
    host: currentHost,
    readAttachment,
    reviewManager,
    reviewActions,
    chatVisible: () => view.isVisible,
    mcp: mcpPanel,
  });
  activeController = controller;

  context.subscriptions.push(
    log,
    controller,
    terminals,
    { dispose: () => void sandbox.dispose() },
    view,
    vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view),
    ...registerCommands({ controller, view, keys, log }),
    mcpPanel,
    { dispose: () => void mcp.dispose() },
    ...registerMcpCommands({
      manager: mcp,
      configFiles: mcpFiles,
      approvals: startApproval,
      showServers: async () => {
        await view.reveal();
        await view.whenReady();
        mcpPanel.show();
      },
    }),
    ...watchMcpConfig(mcpFiles, () => void mcp.reload()),
    reviewManager,
    new ReviewDecorations(reviewManager),
    codeLens,
    baselines,
    vscode.languages.registerCodeLensProvider({ scheme: 'file' }, codeLens),
    vscode.workspace.registerTextDocumentContentProvider(BASELINE_SCHEME, baselines),
    ...registerReviewCommands(reviewManager, reviewActions),
    keys.onDidChange(() => void controller.settingsChanged()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('elbow.terminal')) host = undefined;
      if (event.affectsConfiguration('elbow')) void controller.settingsChanged();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void mcp.reload()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      host = undefined;
      void mcp.reload();
      void controller.settingsChanged();
    }),
  );
  // Reading the configuration starts nothing: the panel lists the servers, and they start when a conversation needs tools.
  void mcp.reload();
  void controller.restore().catch((error: unknown) => log.error(`Could not restore the last conversation: ${String(error)}`));

  const activationMs = performance.now() - started;
  log.info(`Elbow ${version} activated in ${activationMs.toFixed(1)} ms.`);
  return { activationMs };
}

/** VS Code waits for this on shutdown and reload: the open conversation is saved first. */
export async function deactivate(): Promise<void> {
  await activeController?.flush();
  activeController = undefined;
  // The servers' processes end with the extension host rather than linger.
  await activeMcp?.dispose();
  activeMcp = undefined;
}
