/** How a command with subcommands is written, for "Always allow" prefixes and for seeing through global options. */
export interface SubcommandProgram {
  /** Options before the subcommand that take the next word as their value (`git -C dir`). */
  valueOptions?: readonly string[];
  /** Subcommands that take a further subcommand (`docker compose up`). */
  nested?: readonly string[];
  /** Subcommands that run a named script or package (`npm run build`, `npx jest`). */
  runners?: readonly string[];
  /** Subcommands or options that run code written on the command line: never offered. */
  codeRunners?: readonly string[];
  /** The bare tool is a fine prefix: `make` runs the default target. */
  bareAllowed?: boolean;
}

const packageRunner: SubcommandProgram = { valueOptions: ['-p', '--package', '--from', '--with'], codeRunners: ['-c', '--call'] };
const containerTool: SubcommandProgram = {
  valueOptions: ['--context', '-c', '--host', '-H', '--config', '--log-level', '-l'],
  nested: ['compose', 'container', 'image', 'network', 'volume', 'buildx', 'system', 'context', 'builder', 'manifest'],
};
const gradle: SubcommandProgram = { valueOptions: ['-p', '--project-dir', '-b', '--build-file'] };
const maven: SubcommandProgram = { valueOptions: ['-f', '--file', '-pl', '--projects', '-s', '--settings'] };

export const subcommandPrograms: Readonly<Record<string, SubcommandProgram>> = {
  git: {
    valueOptions: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix'],
    nested: ['stash', 'remote', 'worktree', 'submodule', 'lfs', 'notes', 'bisect', 'sparse-checkout'],
  },
  npm: { valueOptions: ['--prefix', '-w', '--workspace'], runners: ['run', 'run-script', 'exec', 'x'], nested: ['config', 'cache'] },
  pnpm: { valueOptions: ['-C', '--dir', '--filter', '-F'], runners: ['run', 'exec', 'dlx'] },
  yarn: { valueOptions: ['--cwd'], runners: ['run', 'exec', 'dlx', 'workspace'] },
  bun: { runners: ['run', 'x'], codeRunners: ['-e', '--eval', '-p', '--print', 'repl'] },
  deno: { runners: ['run', 'task'], codeRunners: ['eval', 'repl', '-e', '--eval'] },
  npx: packageRunner,
  bunx: packageRunner,
  pnpx: packageRunner,
  uvx: packageRunner,
  cargo: { valueOptions: ['-C', '--config', '-Z'] },
  go: { valueOptions: ['-C'], runners: ['run'], nested: ['mod', 'work', 'tool'] },
  docker: containerTool,
  podman: containerTool,
  kubectl: {
    valueOptions: ['-n', '--namespace', '--context', '--cluster', '--user', '-s', '--server', '--kubeconfig'],
    nested: ['config', 'rollout', 'auth', 'certificate'],
  },
  helm: { valueOptions: ['-n', '--namespace', '--kube-context'], nested: ['repo', 'plugin', 'dependency'] },
  dotnet: { nested: ['tool', 'nuget', 'workload', 'sln', 'ef'] },
  make: { valueOptions: ['-C', '-f', '--file', '--makefile', '-I', '-o', '-W', '-l', '-j', '--directory'], bareAllowed: true },
  just: { valueOptions: ['-f', '--justfile', '-d', '--working-directory'], bareAllowed: true },
  pip: {},
  pip3: {},
  poetry: { runners: ['run'], nested: ['env', 'cache', 'self', 'source'] },
  uv: { runners: ['run'], nested: ['pip', 'tool', 'python'] },
  gradle,
  gradlew: gradle,
  mvn: maven,
  mvnw: maven,
  rustup: { nested: ['toolchain', 'component', 'target', 'override'] },
  gh: { nested: ['pr', 'issue', 'repo', 'run', 'workflow', 'release', 'gist', 'label', 'secret', 'variable'] },
  terraform: { nested: ['state', 'workspace'] },
  bundle: { runners: ['exec'] },
  composer: { runners: ['run-script', 'exec'] },
  turbo: { runners: ['run'] },
  nx: { runners: ['run'] },
  swift: {},
  flutter: {},
  dart: {},
};

/** Programs that run code from a file or the command line: never offered bare. */
export const interpreterName = /^(?:node|nodejs|python[0-9.]*|pypy[0-9.]*|ruby|perl|php|lua|luajit|tsx|ts-node|rscript|osascript|java|groovy|awk|gawk|mawk|nawk|sed|pwsh|powershell|sh|bash|zsh|dash|ksh|mksh|ash|fish|tclsh|expect)$/;

/**
 * The index of the first operand from `start` on, skipping options, their values, `+toolchain`
 * words and `NAME=value` words.
 */
export function skipOptions(words: readonly string[], start: number, valueOptions: readonly string[] = []): number {
  let index = start;
  while (index < words.length) {
    const word = words[index] as string;
    const isOption = (word.startsWith('-') && word !== '-' && word !== '--') || word.startsWith('+');
    if (!isOption && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) break;
    index += valueOptions.includes(word) ? 2 : 1;
  }
  return index;
}
