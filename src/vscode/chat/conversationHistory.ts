import type * as vscode from 'vscode';
import type { Message } from '../../core/llm/messages';
import type { ToWebview } from '../../protocol/toWebview';
import { newConversation, type ChatRun } from './chatRun';
import { INTERRUPTED_RUN_NOTICE, type ChatTranscript } from './chatTranscript';
import type { ConversationStore } from './conversationStore';
import type { PendingChangesOnNewChat } from './pendingChangesOnNewChat';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

/** What the history needs of the chat besides its run. */
export interface OpenChat {
  /** Saves the open conversation now. */
  flush(): Promise<void>;
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
  /** The open conversation's run; opening another is a change its subscribers show. */
  run: Pick<ChatRun, 'id' | 'stop' | 'openStored'>;
  chat: OpenChat;
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
    const { chat, run, pendingChanges } = this.deps;
    const choice = await pendingChanges.ask();
    if (choice === undefined) return;
    await run.stop();
    const kept = await pendingChanges.carryOut(choice);
    await chat.flush();
    await run.openStored(newConversation());
    pendingChanges.keep(kept);
    await this.remember(undefined);
    await chat.postFullState();
    chat.focusInput();
  }

  async show(): Promise<void> {
    this.deps.post({ type: 'history', conversations: await this.deps.store.list() });
  }

  private async open(id: string): Promise<void> {
    const { chat, run, transcript } = this.deps;
    if (id === run.id) return chat.postFullState();
    const stored = await this.deps.store.load(id);
    if (stored === undefined) {
      this.deps.log.warn(`Conversation ${id} could not be loaded.`);
      return;
    }
    await run.stop();
    await chat.flush();
    await run.openStored(stored);
    const interrupted = transcript.markInterrupted();
    if (!interrupted && owesReply(stored.messages) && transcript.items.at(-1)?.kind !== 'error') {
      transcript.addError(INTERRUPTED_RUN_NOTICE, true);
    }
    await this.remember(id);
    await chat.postFullState();
  }

  private async delete(id: string): Promise<void> {
    const { chat, run } = this.deps;
    if (id === run.id) {
      await run.openStored(newConversation());
      await chat.postFullState();
    }
    await this.deps.store.delete(id);
    await this.show();
  }
}

/** The model had not answered yet when the conversation was last saved. */
function owesReply(messages: readonly Message[]): boolean {
  const last = messages.at(-1);
  return last !== undefined && last.role !== 'assistant';
}
