import type { UserMessage } from '../llm/messages';
import { userMessageOf } from '../llm/imageRefusal';
import type { AgentEvent, AgentEventSink, RunOutcome } from './agentEvents';
import { conversationState, joinHistory, type ConversationState } from './conversationState';

/** What a run needs of its session; `AgentSession` is one. */
export interface RunSession {
  send(content: string | UserMessage['content'], emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome>;
  retry(emit: AgentEventSink, signal: AbortSignal): Promise<RunOutcome>;
  compact(emit: AgentEventSink, signal: AbortSignal, focus?: string): Promise<RunOutcome>;
  steer(content: string | UserMessage['content']): boolean;
  takeUndeliveredSteering(): Array<UserMessage['content']>;
}

/** What a run tells its subscribers: each agent event, a request starting or ending, another conversation taking its place, a request that could not start. */
export type RunChange =
  | { type: 'event'; event: AgentEvent }
  | { type: 'running'; running: boolean }
  | { type: 'switched' }
  | { type: 'failed'; message: string };

/** A subscriber; the end of a request (`running: false`) waits for the promise it returns (e.g. a save). */
export type RunListener = (change: RunChange) => void | Promise<void>;

export interface AgentRunOptions<S extends RunSession> {
  /**
   * Makes a session for the conversation when a request first needs one. `undefined` when none
   * can be made yet (no key): a message still joins the history, for a retry to send. A throw
   * becomes a `failed` change.
   */
  makeSession(conversation: ConversationState): Promise<S | undefined>;
  conversation?: ConversationState;
}

/**
 * One conversation with the agent and its requests, one at a time: the conversation's state, the
 * session made for it (lazily, dropped when outdated), the abort, and one `subscribe` through which
 * everyone learns of every change. Runs are independent: a parent and its subagents are one each.
 */
export class AgentRun<S extends RunSession = RunSession> {
  private state: ConversationState;
  private current: S | undefined;
  /** The session was made from settings that changed: it is dropped once no request uses it. */
  private outdated = false;
  private abort: AbortController | undefined;
  private finished: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<RunListener>();

  constructor(private readonly options: AgentRunOptions<S>) {
    this.state = options.conversation ?? conversationState();
  }

  /** The history, totals and mode; the session works on this same object. */
  get conversation(): ConversationState {
    return this.state;
  }

  /** The session, once a request has made one. */
  get session(): S | undefined {
    return this.current;
  }

  get isRunning(): boolean {
    return this.abort !== undefined;
  }

  /** Returns the way to unsubscribe. */
  subscribe(listener: RunListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends the user's message and runs the agent until it answers; nothing while a request runs. */
  send(content: string | UserMessage['content']): Promise<void> {
    return this.start(
      (session, emit, signal) => session.send(content, emit, signal),
      () => joinHistory(this.state, userMessageOf(content)),
    );
  }

  /** Runs again from where the last request stopped, without a new message. */
  retry(): Promise<void> {
    return this.start((session, emit, signal) => session.retry(emit, signal));
  }

  /** Has the model summarise the conversation now; `focus` says what to keep in most detail. */
  compact(focus?: string): Promise<void> {
    return this.start((session, emit, signal) => session.compact(emit, signal, focus));
  }

  /** Hands a message to the running request at its next turn; false when no request can take it. */
  steer(content: string | UserMessage['content']): boolean {
    return this.isRunning && this.current?.steer(content) === true;
  }

  /** The steered messages the last request ended without. */
  takeUndeliveredSteering(): Array<UserMessage['content']> {
    return this.current?.takeUndeliveredSteering() ?? [];
  }

  /** Cancels the running request and waits for its end. */
  async stop(): Promise<void> {
    this.abort?.abort();
    await this.finished;
  }

  /** The settings the session was made from changed: the next request gets a new one. */
  outdate(): void {
    this.outdated = true;
    if (!this.isRunning) this.dropOutdatedSession();
  }

  /** Another conversation takes this one's place (stopping a request first); nothing of the session carries over. */
  async open(conversation: ConversationState): Promise<void> {
    await this.stop();
    this.state = conversation;
    this.current = undefined;
    this.outdated = false;
    await this.notify({ type: 'switched' });
  }

  private async start(work: (session: S, emit: AgentEventSink, signal: AbortSignal) => Promise<unknown>, withoutSession: () => void = () => undefined): Promise<void> {
    if (this.isRunning) return;
    const abort = new AbortController();
    this.abort = abort;
    void this.notify({ type: 'running', running: true });
    const finished = (async () => {
      try {
        const session = await this.sessionNow();
        if (session === undefined) return withoutSession();
        await work(session, (event) => void this.notify({ type: 'event', event }), abort.signal);
      } catch (error) {
        await this.notify({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      } finally {
        this.abort = undefined;
        this.dropOutdatedSession();
        await this.notify({ type: 'running', running: false });
      }
    })();
    this.finished = finished;
    await finished;
  }

  private async sessionNow(): Promise<S | undefined> {
    this.current ??= await this.options.makeSession(this.state);
    return this.current;
  }

  private dropOutdatedSession(): void {
    if (!this.outdated) return;
    this.current = undefined;
    this.outdated = false;
  }

  /** A listener that throws does so to the caller, as an event sink would. */
  private notify(change: RunChange): Promise<void> {
    const pending = [...this.listeners].map((listener) => listener(change));
    return Promise.all(pending).then(() => undefined);
  }
}
