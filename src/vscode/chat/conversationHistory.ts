import { randomUUID } from 'node:crypto';
import type * as vscode from 'vscode';
import { emptyUsage, type Message } from '../../core/llm/messages';
import type { ToWebview } from '../../protocol/toWebview';
import { INTERRUPTED_RUN_NOTICE, type ChatTranscript } from './chatTranscript';
import type { ConversationStore, StoredConversation } from './conversationStore';
import type { PendingChangesOnNewChat } from './pendingChangesOnNewChat';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

/** What the history needs of the chat to change the conversation it shows. */
export interface OpenConversation {
  id(): string;
  isRunning(): boolean;
  stop(): Promise<void>;
  /** Saves the open conversation now. */
  flush(): Promise<void>;
  /** Shows another conversation; nothing of the one before carries over. */
  switchTo(conversation: StoredConversation): void;
  postFullState(): Promise<void>;
  focusInput(): void;
}

export interface ConversationHistoryDependencies {
  store: ConversationStore;
  /** Remembers which conversation was open, per workspace. */
  state: vscode.Memento;
  log: vscode.LogOutputChannel;
  post(message: ToWebview): void;
  transcript: ChatTranscript;
  chat: OpenConversation;
  pendingChanges: PendingChangesOnNewChat;
}

const lastConversationKey = 'elbow.lastConversation';

/** The saved conversations: the list, opening one, deleting one, starting anew, and which was open last. */
export class ConversationHistory {
  readonly messageHandlers: WebviewMessageHandlersFor<'newChat' | 'showHistory' | 'openConversation' | 'deleteConversation'> = {
    newChat: () => this.newChat(),
    showHistory: () => this.show(),
    openConversation: (message) => this.open(message.id),
    deleteConversation: (message) => this.delete(message.id),
  };

  constructor(private readonly deps: ConversationHistoryDependencies) {}

  /** Reopens the conversation that was open before the window closed or reloaded. */
  async restore(): Promise<void> {
    const id = this.deps.state.get<string>(lastConversationKey);
    if (id !== undefined) await this.open(id);
  }

  /** The conversation to reopen after a reload; none for a new chat not yet saved. */
  remember(id: string | undefined): Thenable<void> {
    return this.deps.state.update(lastConversationKey, id);
  }

  /** Asks first what to do with changes still pending review: the user may stay in this chat. */
  async newChat(): Promise<void> {
    const { chat, pendingChanges } = this.deps;
    const choice = await pendingChanges.ask();
    if (choice === undefined) return;
    if (chat.isRunning()) await chat.stop();
    const kept = await pendingChanges.carryOut(choice);
    await chat.flush();
    chat.switchTo(newConversation());
    pendingChanges.keep(kept);
    await this.remember(undefined);
    await chat.postFullState();
    chat.focusInput();
  }

  async show(): Promise<void> {
    this.deps.post({ type: 'history', conversations: await this.deps.store.list() });
  }

  private async open(id: string): Promise<void> {
    const { chat, transcript } = this.deps;
    if (id === chat.id()) return chat.postFullState();
    const stored = await this.deps.store.load(id);
    if (stored === undefined) {
      this.deps.log.warn(`Conversation ${id} could not be loaded.`);
      return;
    }
    if (chat.isRunning()) await chat.stop();
    await chat.flush();
    chat.switchTo(stored);
    const interrupted = transcript.markInterrupted();
    if (!interrupted && owesReply(stored.messages) && transcript.items.at(-1)?.kind !== 'error') {
      transcript.addError(INTERRUPTED_RUN_NOTICE, true);
    }
    await this.remember(id);
    await chat.postFullState();
  }

  private async delete(id: string): Promise<void> {
    const { chat } = this.deps;
    if (id === chat.id()) {
      await chat.stop();
      chat.switchTo(newConversation());
      await chat.postFullState();
    }
    await this.deps.store.delete(id);
    await this.show();
  }
}

export function newConversation(): StoredConversation {
  const now = Date.now();
  return { id: randomUUID(), title: 'New chat', createdAt: now, updatedAt: now, messages: [], items: [], usage: emptyUsage() };
}

/** The model had not answered yet when the conversation was last saved. */
function owesReply(messages: readonly Message[]): boolean {
  const last = messages.at(-1);
  return last !== undefined && last.role !== 'assistant';
}
