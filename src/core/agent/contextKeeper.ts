import type { TranscriptArchive } from '../host/transcriptArchive';
import { textOf, userText, type Message, type Usage } from '../llm/messages';
import type { Provider, ToolSpec } from '../llm/provider';
import { ProviderError } from '../llm/providerError';
import type { ContextBudget } from '../context/contextBudget';
import { ContextEstimator, promptTokensOf } from '../context/contextEstimator';
import { compactedHistory, summaryInstruction, userRequests } from '../context/conversationSummary';
import { CHARACTERS_PER_TOKEN, rawPromptTokens } from '../context/tokenEstimate';
import { compactToolResults } from '../context/toolResultCompaction';
import { recentlyTouchedFiles } from '../context/touchedFiles';
import { cutUnseenResults, splitAtUnseen } from '../context/unseenResults';
import { compactTool } from '../tools/builtin/compact';
import { todoListOf } from './todoListOf';
import type { ToolIdentity } from '../toolContract/toolIdentity';
import type { AgentEventSink, CompactionReason } from './agentEvents';
import { repairHistory } from './repairHistory';
import { requestWithRetry } from './requestWithRetry';
import type { RetryPolicy } from './retryPolicy';

/** The parts of a request that count against the window; `messages` is the conversation, changed in place by compaction. */
export interface ContextPrompt {
  system: string;
  tools: readonly ToolSpec[];
  messages: Message[];
}

export interface ContextKeeperOptions {
  provider: Provider;
  model: string;
  budget: ContextBudget;
  retry: RetryPolicy;
  /** Where the history goes before a summary replaces it; without one, nothing is archived. */
  archive?: TranscriptArchive;
  random?: () => number;
  /** A tool by name, for the files the conversation touched. */
  toolOf: (name: string) => ToolIdentity | undefined;
  /** Told before each summary is asked for (the PreCompact hooks): `user` when the user asked for it. */
  beforeSummary?: (reason: CompactionReason, focus: string | undefined, emit: AgentEventSink, signal: AbortSignal) => Promise<void>;
}

const TOUCHED_FILES_KEPT = 10;
/** Tool results kept whole when the history must shrink without a summary. */
const FALLBACK_KEEP_RESULTS = 1;
/** What the note on a cut result adds back, per result. */
const CUT_NOTE_CHARACTERS = 250;
/**
 * A request the provider refused as too long was larger than the estimate said: the newest
 * results are then cut to this share of the refused request (or to the summary threshold, if lower).
 */
const OVERFLOW_CUT_SHARE = 0.75;

/**
 * Keeps a conversation inside the model's window. Before each request it estimates the size;
 * past the first threshold it shortens older tool results in one batch (only when that brings
 * it well under the threshold), past the second it has the model summarise the history.
 * Between compactions it leaves the history alone, so each request extends the previous one
 * byte for byte and the provider's prompt cache keeps hitting. The results of the newest tool
 * calls, which the model has not seen yet, are never summarised: they follow the summary
 * whole, and are only cut (with a note on how to get the rest) when they alone do not fit.
 */
export class ContextKeeper {
  readonly estimator = new ContextEstimator();
  private requested: { focus: string | undefined } | undefined;
  /** Set when summarising failed in this run: the thresholds then only shorten tool results. */
  private summariesFailed = false;
  /**
   * Layer 1 runs once per crossing of its threshold: it re-arms only when a request is below
   * the threshold again. Were it to run whenever it is above, each turn would shorten the one
   * result that just left the recent window, a rolling rewrite that misses the cache every turn.
   */
  private toolResultsArmed = true;

  constructor(private readonly options: ContextKeeperOptions) {}

  get budget(): ContextBudget {
    return this.options.budget;
  }

  /** The model's `compact` tool asked for a summary before its next turn. */
  request(focus: string | undefined): void {
    this.requested = { focus };
  }

  /** A new user message: thresholds may try summarising again. */
  startUserMessage(): void {
    this.summariesFailed = false;
  }

  /** Compacts as needed and reports the size; returns the quick count of the request about to be sent, for calibration. */
  async beforeRequest(prompt: ContextPrompt, emit: AgentEventSink, signal: AbortSignal): Promise<number> {
    const requested = this.requested;
    this.requested = undefined;
    if (requested !== undefined) {
      await this.summarise(prompt, emit, signal, 'tool', requested.focus);
    } else {
      if (this.estimate(prompt) < this.budget.compactToolResultsAt) this.toolResultsArmed = true;
      else if (this.toolResultsArmed && this.shortenToolResults(prompt, emit, 'threshold', this.budget.keepRecentToolResults, false)) this.toolResultsArmed = false;
      if (this.estimate(prompt) >= this.budget.summarizeAt && !this.summariesFailed) await this.summarise(prompt, emit, signal, 'threshold', undefined);
      // Without a summary the history cannot shrink: the newest results only need to fit the window.
      if (this.summariesFailed && this.estimate(prompt) >= this.requestRoom) this.fitUnseenResults(prompt, emit, 'threshold', this.requestRoom);
    }
    return this.reportSize(prompt, emit);
  }

  /** The provider counted the request whose quick count was `rawTokens`. */
  afterReply(rawTokens: number, usage: Usage | undefined, emit: AgentEventSink): void {
    if (usage === undefined) return;
    this.estimator.observe(rawTokens, usage);
    // The reply joins the history, so it counts towards the next request too.
    const used = promptTokensOf(usage) + usage.outputTokens;
    if (used > 0) emit({ type: 'context', usedTokens: used, windowTokens: this.budget.windowTokens, estimated: false });
  }

  /**
   * Replaces the history by a summary the model writes, followed by the tool results it has
   * not seen yet, whole unless they alone do not fit. On failure nothing is lost: the history
   * stays, with older tool results shortened, and the user is told. Returns what became of
   * the history.
   */
  async summarise(prompt: ContextPrompt, emit: AgentEventSink, signal: AbortSignal, reason: CompactionReason, focus: string | undefined): Promise<'summarised' | 'shortened' | 'unchanged'> {
    const fitTarget = reason === 'overflow' ? Math.min(this.budget.summarizeAt, Math.floor(this.estimate(prompt) * OVERFLOW_CUT_SHARE)) : this.budget.summarizeAt;
    const split = this.split(prompt.messages);
    if ((reason === 'threshold' || reason === 'overflow') && split.unseen.length > 0 && !split.earlier.some((message) => message.role === 'assistant')) {
      // Nothing the model has seen to summarise (the user's request is kept anyway): only the newest results can give room.
      return this.fitUnseenResults(prompt, emit, reason, fitTarget) ? 'shortened' : 'unchanged';
    }
    await this.options.beforeSummary?.(reason, focus, emit, signal);
    const beforeTokens = this.estimate(prompt);
    emit({ type: 'compaction_start', layer: 2, reason, beforeTokens });
    let summary: string | ProviderError;
    let archive: string | undefined;
    try {
      archive = await this.options.archive?.save(prompt.messages);
      summary = await this.requestSummary(prompt, emit, signal, focus);
      if (summary instanceof ProviderError && summary.kind === 'context_overflow') {
        // Too long even to summarise: shorten the tool results first and ask once more.
        this.shortenToolResults(prompt, emit, reason, FALLBACK_KEEP_RESULTS, true);
        summary = await this.requestSummary(prompt, emit, signal, focus);
      }
    } catch (error) {
      summary = new ProviderError('unknown', `Could not archive the transcript: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (summary instanceof ProviderError) {
      this.summariesFailed = true;
      const shortened = compactToolResults(prompt.messages, FALLBACK_KEEP_RESULTS);
      replaceAll(prompt.messages, shortened.messages);
      const message = signal.aborted ? 'Cancelled.' : summary.message;
      emit({ type: 'compaction_failed', reason, message, beforeTokens, afterTokens: this.estimate(prompt), shortenedResults: shortened.shortened });
      const cut = this.fitUnseenResults(prompt, emit, reason, reason === 'overflow' ? fitTarget : this.requestRoom);
      this.reportSize(prompt, emit);
      return shortened.shortened > 0 || cut ? 'shortened' : 'unchanged';
    }
    const { earlier, unseen } = this.split(prompt.messages);
    const requests = userRequests(earlier);
    replaceAll(prompt.messages, [
      ...compactedHistory({
        summary,
        originalRequest: requests.original,
        latestRequest: requests.latest,
        touchedFiles: recentlyTouchedFiles(prompt.messages, TOUCHED_FILES_KEPT, this.options.toolOf),
        todos: todoListOf(prompt.messages),
        archive,
      }),
      ...unseen,
    ]);
    emit({ type: 'compaction', layer: 2, reason, beforeTokens, afterTokens: this.estimate(prompt), summary, archive });
    this.fitUnseenResults(prompt, emit, reason, fitTarget);
    this.reportSize(prompt, emit);
    return 'summarised';
  }

  /** What a request may fill: the window less the room kept for the reply. */
  private get requestRoom(): number {
    return this.budget.windowTokens - this.budget.outputReserve;
  }

  /**
   * When the request is still at `target` (the summary threshold, or the window itself when
   * the history cannot be summarised), the results the model has
   * not seen are what is left to give room: the largest are cut, each with a note on how to get
   * the rest. Returns whether any was cut.
   */
  private fitUnseenResults(prompt: ContextPrompt, emit: AgentEventSink, reason: CompactionReason, target: number): boolean {
    const beforeTokens = this.estimate(prompt);
    const excessTokens = beforeTokens - target;
    if (excessTokens < 0) return false;
    const excessCharacters = Math.ceil(((excessTokens + 1) / this.estimator.calibration) * CHARACTERS_PER_TOKEN);
    const unseenResults = this.split(prompt.messages).unseen.reduce((count, message) => count + (message.role === 'tool' ? message.results.length : 0), 0);
    const fitted = cutUnseenResults(prompt.messages, excessCharacters + unseenResults * CUT_NOTE_CHARACTERS);
    if (fitted.cut === 0) return false;
    replaceAll(prompt.messages, fitted.messages);
    emit({ type: 'compaction', layer: 1, reason, beforeTokens, afterTokens: this.estimate(prompt), shortenedResults: fitted.cut, newest: true });
    return true;
  }

  /**
   * The history and the newest results the model has not seen. A turn that only called
   * `compact` has nothing to read: the summary it asked for takes its place.
   */
  private split(messages: readonly Message[]): { earlier: Message[]; unseen: Message[] } {
    const split = splitAtUnseen(messages);
    const results = split.unseen.flatMap((message) => (message.role === 'tool' ? message.results : []));
    return results.every((result) => result.toolName === compactTool.name) ? { earlier: [...messages], unseen: [] } : split;
  }

  /** Tells the host how full the window is now; returns the quick count. */
  private reportSize(prompt: ContextPrompt, emit: AgentEventSink): number {
    const raw = rawPromptTokens(prompt);
    emit({ type: 'context', usedTokens: this.estimator.scale(raw), windowTokens: this.budget.windowTokens, estimated: true });
    return raw;
  }

  private estimate(prompt: ContextPrompt): number {
    return this.estimator.estimate(prompt);
  }

  /** Layer 1, as one batch; unless `force`, only when it frees enough to be worth breaking the cached prefix. Returns whether it ran. */
  private shortenToolResults(prompt: ContextPrompt, emit: AgentEventSink, reason: CompactionReason, keepRecent: number, force: boolean): boolean {
    const compaction = compactToolResults(prompt.messages, keepRecent);
    if (compaction.shortened === 0) return false;
    const beforeTokens = this.estimate(prompt);
    if (!force && beforeTokens - this.estimator.scale(compaction.savedTokens) > this.budget.toolResultsTarget) return false;
    replaceAll(prompt.messages, compaction.messages);
    emit({ type: 'compaction', layer: 1, reason, beforeTokens, afterTokens: this.estimate(prompt), shortenedResults: compaction.shortened });
    return true;
  }

  /** The summary request repeats the conversation's own prefix (system, tools, history), so it reads from the prompt cache. */
  private async requestSummary(prompt: ContextPrompt, emit: AgentEventSink, signal: AbortSignal, focus: string | undefined): Promise<string | ProviderError> {
    // What the model has not seen yet is kept whole after the summary, so it is not summarised.
    const messages = [...repairHistory(this.split(prompt.messages).earlier), userText(summaryInstruction(focus))];
    const request = { model: this.options.model, system: prompt.system, tools: prompt.tools, messages, signal };
    // Only waits and usage reach the user: the summary is shown once it is complete.
    const reply = await requestWithRetry(this.options.provider, request, this.options.retry, (event) => {
      if (event.type === 'retry' || event.type === 'usage') emit(event);
    }, this.options.random);
    if (reply instanceof ProviderError) return reply;
    // A refusal may have begun a text: it is no summary.
    if (reply.stopReason === 'refusal') return new ProviderError('refusal', 'The model refused to write the summary.');
    const text = textOf(reply).trim();
    return text === '' ? new ProviderError('unknown', 'The model replied without a summary.') : text;
  }
}

function replaceAll(messages: Message[], replacement: readonly Message[]): void {
  messages.splice(0, messages.length, ...replacement);
}
