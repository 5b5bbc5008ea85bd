import * as path from 'node:path';
import { namesWorkspace } from './hookScripts';
import type { HookRunner } from '../host/hookRunner';
import type { HookEvent } from './hookEvents';
import { matchesTools } from './hookEvents';
import { matcherCoversTool } from './hookMatcher';
import { hookOutcome, type HookOutcome } from './hookOutcome';
import type { HookEntry } from './hookSettings';
import { claudeNameOfElbowTool } from './foreignToolNames';

/** One hook's run (or why it did not run), for the hosts to show. */
export interface HookReport {
  event: HookEvent;
  command: string;
  /** `ran`: exit 0; `blocked`: it refused (exit 2, a block or deny); `failed`: any other exit, a timeout; `skipped`: not run. */
  outcome: 'ran' | 'blocked' | 'failed' | 'skipped';
  message?: string;
}

export interface SessionHooksOptions {
  hooks: readonly HookEntry[];
  /** Absent: no hook runs. */
  runner?: HookRunner;
  workspaceRoots: readonly string[];
  sessionId: string;
  /** Where the full history is kept, when it is (Claude Code's `transcript_path`). */
  transcriptPath?: string;
}

/** Claude Code's default: a hook may run for a minute. */
const defaultTimeoutSeconds = 60;

/**
 * The hooks of one session, run at its events with Claude Code's contract: JSON on stdin, the
 * outcome from the exit code and stdout. A workspace's hooks run only once the user trusted that
 * file, and only in the sandbox; the user's own run with the user's rights. Whatever a hook says,
 * it can only refuse, ask, add context or change a tool's arguments: never approve anything.
 */
export class SessionHooks {
  private readonly reported = new Set<string>();
  private started = false;

  constructor(private readonly options: SessionHooksOptions) {}

  /** Whether any hook is set for the event (so the caller can skip building its input). */
  has(event: HookEvent): boolean {
    return this.options.runner !== undefined && this.options.hooks.some((hook) => hook.event === event);
  }

  /** SessionStart, once per session, before its first request: the context its hooks add. */
  async sessionStart(report: (run: HookReport) => void, signal: AbortSignal): Promise<HookOutcome> {
    if (this.started) return {};
    this.started = true;
    return this.fire('SessionStart', { source: 'startup' }, report, signal);
  }

  userPromptSubmit(prompt: string, report: (run: HookReport) => void, signal: AbortSignal): Promise<HookOutcome> {
    return this.fire('UserPromptSubmit', { prompt }, report, signal);
  }

  preToolUse(tool: string, input: unknown, report: (run: HookReport) => void, signal: AbortSignal): Promise<HookOutcome> {
    return this.fire('PreToolUse', toolFields(tool, input), report, signal, tool);
  }

  postToolUse(tool: string, input: unknown, response: unknown, report: (run: HookReport) => void, signal: AbortSignal): Promise<HookOutcome> {
    return this.fire('PostToolUse', { ...toolFields(tool, input), tool_response: response }, report, signal, tool);
  }

  /** `active`: the run already went on once because of a Stop hook (Claude Code's `stop_hook_active`). */
  stop(active: boolean, report: (run: HookReport) => void, signal: AbortSignal): Promise<HookOutcome> {
    return this.fire('Stop', { stop_hook_active: active }, report, signal);
  }

  preCompact(trigger: 'manual' | 'auto', instructions: string, report: (run: HookReport) => void, signal: AbortSignal): Promise<HookOutcome> {
    return this.fire('PreCompact', { trigger, custom_instructions: instructions }, report, signal);
  }

  /** Notification: Elbow waits for the user's answer to `what` (it does not wait for the hooks). */
  async notifyWaiting(what: string, report: (run: HookReport) => void, signal: AbortSignal): Promise<void> {
    await this.fire('Notification', { message: `Elbow needs your permission to ${what}`, notification_type: 'permission_prompt' }, report, signal);
  }

  private async fire(event: HookEvent, fields: Record<string, unknown>, report: (run: HookReport) => void, signal: AbortSignal, tool?: string): Promise<HookOutcome> {
    const { runner } = this.options;
    if (runner === undefined) return {};
    const chosen = this.options.hooks.filter((hook) => hook.event === event && (tool === undefined || !matchesTools(event) || matcherCoversTool(hook.matcher, tool)));
    // The same command set twice (in two settings files) runs once, as in Claude Code.
    const unique = [...new Map(chosen.map((hook) => [`${hook.file.origin}\0${hook.command}`, hook])).values()];
    const runnable: HookEntry[] = [];
    for (const hook of unique) {
      const why = await this.whyNotRun(hook, runner);
      if (why === undefined) runnable.push(hook);
      else this.reportOnce(hook, why, report);
    }
    if (runnable.length === 0) return {};
    const cwd = this.options.workspaceRoots[0] ?? process.cwd();
    const stdin = JSON.stringify({
      session_id: this.options.sessionId,
      ...(this.options.transcriptPath === undefined ? {} : { transcript_path: this.options.transcriptPath }),
      cwd,
      hook_event_name: event,
      ...fields,
    });
    const env = { CLAUDE_PROJECT_DIR: cwd, ELBOW_PROJECT_DIR: cwd };
    const outcomes = await Promise.all(
      runnable.map(async (hook) => {
        const result = await runner.run({
          command: hook.command,
          stdin,
          cwd,
          env,
          timeoutMs: (hook.timeout ?? defaultTimeoutSeconds) * 1000,
          sandboxed: runsSandboxed(hook, cwd),
          signal,
        });
        const outcome = hookOutcome(result, event === 'SessionStart' || event === 'UserPromptSubmit');
        report({ event, command: hook.command, ...reportOf(outcome, result.note) });
        return outcome;
      }),
    );
    return mergeOutcomes(outcomes);
  }

  private async whyNotRun(hook: HookEntry, runner: HookRunner): Promise<string | undefined> {
    const root = this.options.workspaceRoots[0] ?? process.cwd();
    if (!runsSandboxed(hook, root)) return undefined;
    if (hook.file.origin === 'workspace' && !hook.file.trusted) return `not run: ${path.basename(path.dirname(hook.file.path))}/${path.basename(hook.file.path)} is the workspace's, and not trusted yet (Elbow: Trust This Workspace's Customizations)`;
    const sandbox = await runner.sandboxAvailable();
    return sandbox.available ? undefined : `not run: hooks that run the workspace's files run only in the sandbox, which is not available (${sandbox.reason})`;
  }

  /** A hook that is not run is said once per session, not at every tool call. */
  private reportOnce(hook: HookEntry, why: string, report: (run: HookReport) => void): void {
    const key = `${hook.event}\0${hook.command}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    report({ event: hook.event, command: hook.command, outcome: 'skipped', message: why });
  }
}

/** Claude Code's fields for a tool: its name as Claude Code calls it when there is one (hooks check `tool_name == "Bash"`). */
function toolFields(tool: string, input: unknown): Record<string, unknown> {
  return { tool_name: claudeNameOfElbowTool(tool) ?? tool, elbow_tool_name: tool, tool_input: input };
}

function reportOf(outcome: HookOutcome, note: string | undefined): Pick<HookReport, 'outcome' | 'message'> {
  const message = [outcome.block ?? outcome.ask ?? outcome.failure, outcome.note, note].filter((part): part is string => part !== undefined && part !== '').join(' ');
  const kind = outcome.block !== undefined ? 'blocked' : outcome.failure !== undefined ? 'failed' : 'ran';
  return { outcome: kind, ...(message === '' ? {} : { message }) };
}

/** Several hooks for one event: any refusal wins, then a request to ask; contexts add up; the last changed input is taken. */
export function mergeOutcomes(outcomes: readonly HookOutcome[]): HookOutcome {
  const merged: HookOutcome = {};
  const join = (a: string | undefined, b: string | undefined): string | undefined => (a === undefined ? b : b === undefined ? a : `${a}\n${b}`);
  for (const outcome of outcomes) {
    merged.block = join(merged.block, outcome.block);
    merged.ask = join(merged.ask, outcome.ask);
    merged.context = join(merged.context, outcome.context);
    merged.stop = merged.stop ?? outcome.stop;
    if (outcome.allow === true) merged.allow = true;
    if (outcome.updatedInput !== undefined) merged.updatedInput = outcome.updatedInput;
  }
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as HookOutcome;
}

/**
 * Where a hook runs: a workspace's in the sandbox; the user's own with the user's rights, unless its
 * command runs something of the workspace's (a script under the project folder), which is the
 * repository's code and so runs in the sandbox too.
 */
function runsSandboxed(hook: HookEntry, root: string): boolean {
  return hook.file.origin === 'workspace' || namesWorkspace(hook.command, root);
}
