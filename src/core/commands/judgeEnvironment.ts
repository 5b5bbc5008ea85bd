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
}

const mostPathChecks = 256;
const posixShells: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'busybox']);

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
  };
}

function shellProgramName(shell: string, isWindows: boolean): string {
  const name = (typeof shell === 'string' ? shell : '').trim().split(/[/\\]/).pop()?.toLowerCase().replace(/\.exe$/, '') ?? '';
  if (name !== '') return name;
  return isWindows ? 'cmd' : 'sh';
}

/** Bash-like shells are judged by parsing; cmd.exe, PowerShell and the rest by a cautious word split. */
export function isPosixShell(environment: JudgeEnvironment): boolean {
  return posixShells.has(environment.shellName);
}
