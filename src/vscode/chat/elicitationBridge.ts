import * as vscode from 'vscode';
import { formAnswer } from '../../core/mcp/elicitationAnswer';
import { elicitationFields, type ElicitationField } from '../../core/mcp/elicitationForm';
import type { McpElicitation, McpElicitationAnswer } from '../../core/mcp/mcpClientHandlers';
import type { Elicitation } from '../../protocol/elicitation';
import type { FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import { quotedName } from '../../format/mcpQuestionWords';
import { showWarning } from '../notifications';
import type { ChatTranscript } from './chatTranscript';
import { elicitationShown, settledElicitation } from './elicitationCard';
import { PendingQuestions } from './pendingQuestions';
import { showCardUpdate } from './showCardUpdate';
import type { WaitingQuestionCount } from './waitingQuestionCount';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';

export interface ElicitationBridgeDependencies {
  /** The open conversation: a question shows on the card of the server's call under way. */
  transcript: ChatTranscript;
  chatVisible(): boolean;
  post(message: ToWebview): void;
  waiting: WaitingQuestionCount;
  /** The names the model sees for a server's tools. */
  toolNamesOf(server: string): readonly string[];
  /** Opens a page in the browser; only ever after the user clicked "Open in browser". */
  openExternal(url: string): Promise<unknown>;
}

/** A question on screen: what it shows, and the fields its answer is checked against. */
interface OpenQuestion {
  cardId: string;
  shown: Elicitation;
  fields: readonly ElicitationField[];
  url?: string;
}

type AnswerMessage = Extract<FromWebview, { type: 'answerElicitation' }>;

/**
 * MCP servers' questions in the chat: each shows as a form (or a page to open) on the card of the
 * server's call under way, and waits for Accept, Decline or Cancel. An Accept is checked against the
 * question's schema first; what is wrong shows next to its field and nothing is sent. A question with
 * no call of its server on screen is cancelled, as is one still open when the run ends.
 */
export class ElicitationBridge implements vscode.Disposable {
  private readonly questions = new PendingQuestions<McpElicitationAnswer>();
  private readonly open = new Map<string, OpenQuestion>();

  readonly messageHandlers: WebviewMessageHandlersFor<'answerElicitation'> = {
    answerElicitation: (message) => this.answer(message),
  };

  constructor(private readonly deps: ElicitationBridgeDependencies) {}

  readonly elicit = (question: McpElicitation, signal: AbortSignal): Promise<McpElicitationAnswer> => {
    const cardId = this.deps.transcript.runningCardOf(new Set(this.deps.toolNamesOf(question.server)));
    if (cardId === undefined) return Promise.resolve({ action: 'cancel' });
    const fields = question.mode === 'form' ? elicitationFields(question.requestedSchema) : [];
    let questionId = '';
    return this.deps.waiting.until(this.questions.ask(`card:${cardId}`, signal, {
      onAbort: { action: 'cancel' },
      show: (id) => {
        questionId = id;
        const shown = elicitationShown(question, fields, id);
        this.open.set(id, { cardId, shown, fields, ...(question.mode === 'url' ? { url: question.url } : {}) });
        return this.show(cardId, shown);
      },
      unasked: () => ({ action: 'cancel' }),
      shown: () => {
        if (!this.deps.chatVisible()) this.notify(question);
      },
      decided: (shownOn, answer) => {
        const open = this.open.get(questionId);
        this.open.delete(questionId);
        if (open !== undefined) this.show(shownOn, settledElicitation(open.shown, answer.action));
        return answer;
      },
    }));
  };

  /** The run ended or another conversation opened: open questions are cancelled. */
  cancelAll(): void {
    this.questions.answerAll({ action: 'cancel' });
  }

  dispose(): void {
    this.cancelAll();
  }

  private async answer(message: AnswerMessage): Promise<void> {
    const open = this.open.get(message.question);
    if (open === undefined || open.cardId !== message.itemId) return;
    if (message.action !== 'accept') return this.questions.answerOnCard(message.itemId, message.question, { action: message.action });
    if (open.url !== undefined) {
      // The user's click is the consent: the page opens now, never before.
      await this.deps.openExternal(open.url);
      return this.questions.answerOnCard(message.itemId, message.question, { action: 'accept' });
    }
    const values = message.values ?? {};
    const outcome = formAnswer(open.fields, values);
    if ('errors' in outcome) {
      const shown: Elicitation = { ...open.shown, values, errors: outcome.errors };
      this.open.set(message.question, { ...open, shown });
      this.show(open.cardId, shown);
      return;
    }
    this.questions.answerOnCard(message.itemId, message.question, { action: 'accept', content: outcome.content });
  }

  private show(cardId: string, elicitation: Elicitation): string | undefined {
    return showCardUpdate(this.deps.transcript, { type: 'elicitation_shown', cardId, elicitation }, (message) => this.deps.post(message));
  }

  private notify({ server, source }: McpElicitation): void {
    void showWarning(`Elbow: the MCP server ${quotedName(server)} (from ${source}) asks you a question in the chat.`, 'Show in chat').then((choice) => {
      if (choice !== undefined) void vscode.commands.executeCommand('elbow.focusChat');
    });
  }
}
