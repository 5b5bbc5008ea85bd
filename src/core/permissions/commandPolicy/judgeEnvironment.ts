import path from 'node:path';
import { parseCommandRules, type CommandRule } from './commandRules';
import type { JudgeContext } from './judgementTypes';

/** What judging one command line needs besides the line: parsed rules, the path flavour, the shell. */
export interface JudgeEnvironment {
  readonly context: JudgeContext;
  readonly allowRules: readonly CommandRule[];
  readonly denyRules: readonly CommandRule[];
  readonly paths: path.PlatformPath;
  readonly isWindowsPath: boolean;
  /** The shell's program name: `bash`, `zsh`, `cmd`, `pwsh`. */
  readonly shellName: string;
  /** Bounds the calls to `classifyPath` for one command line. */
  pathChecksLeft: number;
  /** Variables known to hold judged words (loop variables), fine inside paths. */
  readonly judgedVariables: Set<string>;
  /**
   * Why relative wildcards cannot be expanded now (the line changes folder or shell options
   * first, e.g. "changing folder"); undefined when they can.
   */
  globsUnknowable: string | undefined;
}

const mostPathChecks = 256;
const windowsShells: ReadonlySet<string> = new Set(['cmd', 'powershell', 'pwsh']);

export function createJudgeEnvironment(context: JudgeContext): JudgeEnvironment {
  const isWindows = context.platform === 'win32';
  return {
    context,
    allowRules: parseCommandRules(Array.isArray(context.allow) ? context.allow : []),
    denyRules: parseCommandRules(Array.isArray(context.deny) ? context.deny : []),
    paths: isWindows ? path.win32 : path.posix,
    isWindowsPath: isWindows,
    shellName: shellProgramName(context.shell, isWindows),
    pathChecksLeft: mostPathChecks,
    judgedVariables: new Set(),
    globsUnknowable: undefined,
  };
}

function shellProgramName(shell: string, isWindows: boolean): string {
  const name = (typeof shell === 'string' ? shell : '').trim().split(/[/\\]/).pop()?.toLowerCase().replace(/\.exe$/, '') ?? '';
  if (name !== '') return name;
  return isWindows ? 'cmd' : 'sh';
}

/**
 * The command line is parsed only when Bash runs it: the parser reads Bash, and sh (dash),
 * zsh, ksh or fish read the same text differently (`$'…'`, `=cmd`, `and`), so they get the
 * cautious word split.
 */
export function runsInBash(environment: JudgeEnvironment): boolean {
  return environment.shellName === 'bash';
}

/** cmd.exe and PowerShell, whose syntax differs wholly from the POSIX shells'. */
export function isWindowsShell(shellName: string): boolean {
  return windowsShells.has(shellName);
}
