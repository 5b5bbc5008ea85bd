import type { CustomizationFile, CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';

/** One command hook, as Claude Code's settings write it: `hooks: { Event: [{ matcher, hooks: [{ type, command, timeout }] }] }`. */
export interface HookEntry {
  event: string;
  /** Which tools it is for (PreToolUse, PostToolUse); empty or absent: all. */
  matcher?: string;
  command: string;
  /** Seconds. */
  timeout?: number;
  /** The settings file it is from (its origin and trust decide where and whether it runs). */
  file: CustomizationFile;
}

export function loadHooks(_reader: CustomizationReader): Promise<{ hooks: HookEntry[]; problems: CustomizationProblem[] }> {
  return Promise.resolve({ hooks: [], problems: [] });
}
