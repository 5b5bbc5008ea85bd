/**
 * The variables a build needs and that hold no secret: where programs are, who and where the
 * user is, language and terminal, and where toolchains live. Nothing URL-valued (a URL can carry
 * a password) and nothing that names a program outside to talk to (agents, the editor's IPC).
 */
const allowedNames: ReadonlySet<string> = new Set([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TERM', 'COLORTERM', 'TERM_PROGRAM', 'TZ', 'NO_COLOR', 'FORCE_COLOR', 'CI',
  'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL',
  'JAVA_HOME', 'GRADLE_HOME', 'MAVEN_HOME', 'M2_HOME', 'ANDROID_HOME', 'ANDROID_SDK_ROOT',
  'GOROOT', 'GOPATH', 'GOBIN', 'CARGO_HOME', 'RUSTUP_HOME', 'RUSTUP_TOOLCHAIN',
  'NVM_DIR', 'NVM_BIN', 'NVM_INC', 'VOLTA_HOME', 'PNPM_HOME', 'BUN_INSTALL', 'DENO_INSTALL', 'DENO_DIR',
  'PYENV_ROOT', 'PYENV_VERSION', 'VIRTUAL_ENV', 'CONDA_PREFIX', 'CONDA_DEFAULT_ENV', 'CONDA_EXE',
  'SDKMAN_DIR', 'ASDF_DIR', 'ASDF_DATA_DIR', 'MISE_DATA_DIR', 'DOTNET_ROOT',
]);

/** Locale categories (`LC_ALL`, `LC_CTYPE`, …). */
const allowedPattern = /^LC_[A-Z_]+$/;

export interface SandboxEnvironment {
  environment: Record<string, string>;
  /** The names left out, for the log. */
  removed: string[];
}

/**
 * The environment a sandboxed command gets: from this process's, only the names on the short
 * list above and those the user passes by name (`elbow.sandbox.passEnvironment`, `--pass-env`).
 * Everything else (keys, database URLs, tokens under any name) stays out.
 */
export function sandboxEnvironment(environment: Readonly<Record<string, string | undefined>>, passedNames: readonly string[] = []): SandboxEnvironment {
  const passed = new Set(passedNames.map((name) => name.trim()).filter((name) => name !== ''));
  const kept: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined) continue;
    if (passed.has(name) || isAllowed(name)) kept[name] = value;
    else removed.push(name);
  }
  return { environment: kept, removed };
}

export function isAllowed(name: string): boolean {
  return allowedNames.has(name) || allowedPattern.test(name);
}
