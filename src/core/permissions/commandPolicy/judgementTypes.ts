export type Verdict = 'allow' | 'ask' | 'deny';

export interface CommandJudgement {
  verdict: Verdict;
  /**
   * Why it asks or is denied, one short line each, naming the sub-command and the rule, e.g.
   * "`rm -rf build` matches the deny rule `rm`", "`npm test` is not on the allow list",
   * "`$(…)` command substitution always needs approval". Empty for allow.
   */
  reasons: string[];
  /**
   * Prefixes an "Always allow" button would add (one per not-yet-allowed sub-command,
   * de-duplicated). Empty when the verdict is deny, or when a dangerous form makes always-allow
   * unsafe (substitution, process substitution, eval-like commands, parse errors, outside paths…).
   */
  alwaysAllow: string[];
  /**
   * True when the verdict is 'ask' only because some sub-commands match no allow rule: a
   * per-conversation "auto-approve" switch may then run it. False when a dangerous form or a
   * path outside the workspace is involved (those always ask).
   */
  autoApprovable: boolean;
}

export interface JudgeContext {
  /** Prefix rules, e.g. 'git status', 'ls', 'npm test', or regular expressions written `/…/`. */
  allow: readonly string[];
  deny: readonly string[];
  /** Absolute folder the command runs in. */
  cwd: string;
  /**
   * Classifies an absolute path an argument refers to. 'hidden' = excluded by the user's
   * .elbowignore. On POSIX systems the path keeps its `..` as written (after a symbolic link,
   * `..` leaves the link's target), so resolve it as the system does: classifyCommandPath in
   * core/permissions/commandPathClass.ts follows links.
   */
  classifyPath(absolutePath: string): 'inside' | 'outside' | 'hidden';
  /** `process.platform` style. */
  platform: string;
  /** E.g. '/bin/bash', '/bin/zsh', 'cmd.exe', 'pwsh'. */
  shell: string;
  /** For `~` expansion in path arguments. */
  homeDirectory?: string;
  /** No sandbox hides what .elbowignore hides, so a command reading a whole folder tree may reach it. */
  hiddenFilesUnmasked?: boolean;
}
