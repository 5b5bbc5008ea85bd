import * as path from 'node:path';
import * as vscode from 'vscode';
import { customizationSlashSources } from '../../core/customize/customizationSlashSources';
import type { Customizations } from '../../core/customize/customizations';
import { SlashCatalog, typedSlash } from '../../core/customize/slashCatalog';
import { expandTypedSlash } from '../../core/customize/slashExpansion';
import type { SlashArgument, SlashEntry, SlashSource } from '../../core/customize/slashSource';
import type { AgentHost } from '../../core/host/host';
import type { SlashCommandRow } from '../../protocol/slashCommands';
import type { ToWebview } from '../../protocol/toWebview';
import { showWarning } from '../notifications';

/** What Elbow's own slash commands do in the chat. */
export interface ChatSlashActions {
  compact(): Promise<void>;
  newChat(): Promise<void>;
  setPlanMode(enabled: boolean): void;
  /** Sends `shown` as the user's message in the transcript and `forModel` to the model. */
  send(shown: string, forModel: string): Promise<void>;
  isRunning(): boolean;
}

export interface ChatSlashDependencies {
  customizations(): Promise<Customizations>;
  host(): Promise<AgentHost>;
  post(message: ToWebview): void;
  actions: ChatSlashActions;
  /** Slash commands besides Elbow's and the customizations' (the MCP servers' prompts). */
  others: readonly SlashSource[];
}

const customizeCommand = 'elbow.customize.show';

const own: ReadonlyArray<{ name: string; description: string; argumentHint?: string; needs?: string }> = [
  { name: 'compact', description: 'Summarise the conversation now to free context' },
  { name: 'plan', description: 'Plan mode: the agent reads and plans but changes nothing' },
  { name: 'act', description: 'Act mode: the agent may edit files and run commands' },
  { name: 'new', description: 'Start a new chat' },
  { name: 'customize', description: 'Show the skills, commands, agents and hooks Elbow found', needs: customizeCommand },
];

/** The chat's `/` commands: the picker's rows, and a sent `/name args` run or expanded for the model. */
export class ChatSlashCommands {
  /** False until the webview first got the rows. */
  private posted = false;
  /** The changing sources' entries when last looked at. */
  private watchedRows = '';

  constructor(private readonly deps: ChatSlashDependencies) {}

  async catalog(): Promise<SlashCatalog> {
    const [customizations, host, commands] = await Promise.all([this.deps.customizations(), this.deps.host(), vscode.commands.getCommands(true)]);
    const entries: SlashEntry[] = own.filter((entry) => entry.needs === undefined || commands.includes(entry.needs)).map((entry) => ({ name: entry.name, description: entry.description, kind: 'elbow', arguments: [], source: 'Elbow' }));
    return new SlashCatalog(entries, customizationSlashSources(customizations, host, this.deps.others));
  }

  async postRows(): Promise<void> {
    const [catalog, host] = await Promise.all([this.catalog(), this.deps.host()]);
    const commands = catalog.entries().map((entry) => rowOf(entry, host.workspaceRoots, host.environment.homeDirectory));
    this.posted = true;
    this.deps.post({ type: 'slashCommands', commands });
  }

  /** Posts the picker's rows again when a source's entries changed (a server started, or listed new prompts). */
  watch(): { dispose(): void } {
    let timer: NodeJS.Timeout | undefined;
    const changed = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        const rows = JSON.stringify(this.deps.others.flatMap((source) => source.entries()));
        if (rows === this.watchedRows) return;
        this.watchedRows = rows;
        if (this.posted) void this.postRows();
      }, 200);
    };
    const subscriptions = this.deps.others.flatMap((source) => (source.onDidChange === undefined ? [] : [source.onDidChange(changed)]));
    return {
      dispose: () => {
        if (timer !== undefined) clearTimeout(timer);
        for (const subscription of subscriptions) subscription.dispose();
      },
    };
  }

  /** Runs or expands a typed slash command; false when the text is none of them and goes to the model as it is. */
  async handle(text: string): Promise<boolean> {
    const typed = typedSlash(text);
    if (typed === undefined) return false;
    const { actions } = this.deps;
    const catalog = await this.catalog();
    const found = catalog.find(typed.name);
    if (found === undefined) return false;
    if (actions.isRunning()) {
      this.giveBack(text);
      void showWarning(`Elbow: /${typed.name} runs once the current request ends (or is stopped).`);
      return true;
    }
    if (found.source === undefined) {
      await this.runOwn(typed.name);
      return true;
    }
    const expansion = await expandTypedSlash(catalog, text, askFor, new AbortController().signal);
    if (expansion.kind === 'none') return false;
    if (expansion.kind === 'message') {
      const content = expansion.content;
      await actions.send(text, typeof content === 'string' ? content : content.map((block) => (block.type === 'text' ? block.text : '')).join('\n'));
      return true;
    }
    this.giveBack(text);
    if (expansion.kind === 'error') void showWarning(`Elbow: ${expansion.message}`);
    return true;
  }

  private async runOwn(name: string): Promise<void> {
    const { actions } = this.deps;
    if (name === 'compact') return actions.compact();
    if (name === 'new') return actions.newChat();
    if (name === 'plan' || name === 'act') return actions.setPlanMode(name === 'plan');
    if (name === 'customize') await vscode.commands.executeCommand(customizeCommand);
  }

  private giveBack(text: string): void {
    this.deps.post({ type: 'restoreDraft', text });
  }
}

function askFor(argument: SlashArgument, entry: SlashEntry): Promise<string | undefined> {
  return Promise.resolve(vscode.window.showInputBox({
    title: `/${entry.name}`,
    prompt: argument.description === undefined ? `Value for ${argument.name}` : `${argument.name}: ${argument.description}`,
    placeHolder: argument.description ?? argument.name,
    ignoreFocusOut: true,
    validateInput: (value) => (argument.required && value.trim() === '' ? `/${entry.name} needs ${argument.name}` : undefined),
  }));
}

/** A file's path as short as it reads clearly: relative to its workspace folder, or `~/…` in the home folder. */
function rowOf(entry: SlashEntry, roots: readonly string[], home: string | undefined): SlashCommandRow {
  const root = roots.find((each) => entry.source.startsWith(each + path.sep));
  const inHome = home !== undefined && entry.source.startsWith(home + path.sep);
  const source = root !== undefined ? path.relative(root, entry.source) : inHome ? `~${path.sep}${path.relative(home, entry.source)}` : entry.source;
  return {
    name: entry.name,
    description: entry.description,
    kind: entry.kind,
    source,
    ...(entry.argumentHint === undefined ? {} : { argumentHint: entry.argumentHint }),
    ...(entry.note === undefined ? {} : { note: entry.note }),
  };
}
