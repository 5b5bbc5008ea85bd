import type { AgentRun } from '../../core/agent/agentRun';
import type { ConversationMode } from '../../core/tools/conversationMode';
import type { ToWebview } from '../../protocol/toWebview';
import type { WebviewMessageHandlersFor } from './webviewMessageHandlers';
import { showWarning } from '../notifications';

export interface PlanModeDependencies {
  /** The open conversation's run, whose state keeps the mode (a session reads it at each message). */
  run: Pick<AgentRun, 'conversation' | 'isRunning'>;
  post(message: ToWebview): void;
  /** The conversation changed in a way worth saving. */
  changed(): void;
  /** Sends a message as the user would. */
  send(text: string): Promise<void>;
  /** Shows the header's agent picker the conversation's agent (Plan or Agent after a switch). */
  postAgent(): void;
}

/** The text that hands the user's (edited) plan to the agent in act mode. */
export function actOnPlanMessage(plan: string): string {
  return `Carry out this plan:\n\n${plan.trim()}`;
}

/** The open conversation's plan mode: the header switch, the palette command, and "Act on this plan". */
export class PlanMode {
  readonly messageHandlers: WebviewMessageHandlersFor<'setPlanMode' | 'actOnPlan'> = {
    setPlanMode: (message) => this.set(message.enabled ? 'plan' : 'act'),
    actOnPlan: (message) => this.actOn(message.plan),
  };

  constructor(private readonly deps: PlanModeDependencies) {}

  get mode(): ConversationMode {
    return this.deps.run.conversation.mode;
  }

  /** Takes effect from the next message; a running request keeps the mode it started in. */
  set(mode: ConversationMode): void {
    this.deps.run.conversation.mode = mode;
    // Plan and act are the built-in Plan and Agent: switching leaves a picked custom agent.
    delete this.deps.run.conversation.agent;
    this.postState();
    this.deps.postAgent();
    this.deps.changed();
  }

  toggle(): void {
    this.set(this.mode === 'plan' ? 'act' : 'plan');
  }

  postState(): void {
    this.deps.post({ type: 'planMode', enabled: this.mode === 'plan' });
  }

  private async actOn(plan: string): Promise<void> {
    if (plan.trim() === '') return void showWarning('Elbow: the plan is empty. Write the plan to act on, or send a message instead.');
    if (this.deps.run.isRunning) return void showWarning('Elbow: wait for the running request to end (or stop it) before acting on the plan.');
    this.set('act');
    await this.deps.send(actOnPlanMessage(plan));
  }
}
