import type { Language } from './editAttempt';

/**
 * One place a corpus file may be read from. `name` is the file's name in the corpus (its path's last part when left
 * out); the language's folder goes before it, e.g. `python/textwrap.py`.
 */
export type SourceCandidate =
  /** A file of an npm package in the project's node_modules, at its installed version; `via`: the package as this other package resolves it. */
  | { kind: 'npm'; package: string; path: string; via?: string; name?: string }
  /** A module of the standard library of the machine's `python3`. */
  | { kind: 'python'; path: string; name?: string }
  /** A file a Debian package installed; `*` stands for one part of the path (a version in a folder's name), the last match in sort order wins. */
  | { kind: 'debian'; path: string; name?: string }
  /** A file of a Rust toolchain installed with rustup (in its `share/` or `lib/`), from the component it belongs to. */
  | { kind: 'rustup'; path: string; component: string; name?: string };

/** One file of the corpus: where to look for it, in order, and what to install when it is in none of them. */
export interface CorpusEntry {
  language: Language;
  candidates: readonly SourceCandidate[];
  install: string;
}

const PROJECT_PACKAGES = 'npm ci (the project\'s own packages)';

/**
 * The corpus: real files of eight languages, a few hundred lines each, read where this machine has them. The first
 * candidate of each entry is on every machine that runs the project's tests (its node_modules; Debian's git, libc-bin,
 * openssh-client and gzip; python3; rustup): 24 files. The others stand in where it is missing. Such a machine has no
 * Debian source package of Go or Rust: Go comes from git's examples and a Go file an npm package ships, Rust from
 * rustup's docs, and a Rust crate of Debian's is read where it is installed (two files more), skipped and named elsewhere.
 */
export const CORPUS_ENTRIES: readonly CorpusEntry[] = [
  { language: 'CSS', candidates: [{ kind: 'npm', package: 'mocha', path: 'mocha.css' }], install: PROJECT_PACKAGES },
  { language: 'CSS', candidates: [{ kind: 'npm', package: 'highlight.js', path: 'styles/night-owl.css' }, { kind: 'npm', package: 'highlight.js', path: 'styles/monokai-sublime.css' }], install: PROJECT_PACKAGES },
  { language: 'CSS', candidates: [{ kind: 'npm', package: 'highlight.js', path: 'styles/nord.css' }, { kind: 'npm', package: 'highlight.js', path: 'styles/github.css' }], install: PROJECT_PACKAGES },
  {
    language: 'Go',
    candidates: [{ kind: 'npm', package: 'flatted', path: 'golang/pkg/flatted/flatted.go' }, { kind: 'debian', path: '/usr/share/gocode/src/github.com/google/uuid/uuid.go' }],
    install: `${PROJECT_PACKAGES}, or apt-get install golang-github-google-uuid-dev`,
  },
  {
    language: 'Go',
    candidates: [{ kind: 'debian', path: '/usr/share/doc/git/contrib/persistent-https/client.go', name: 'git-https-client.go' }, { kind: 'debian', path: '/usr/share/gocode/src/github.com/google/uuid/time.go' }],
    install: 'apt-get install git (its docs, /usr/share/doc/git) or golang-github-google-uuid-dev',
  },
  {
    language: 'Go',
    candidates: [{ kind: 'debian', path: '/usr/share/doc/git/contrib/persistent-https/proxy.go', name: 'git-https-proxy.go' }, { kind: 'debian', path: '/usr/share/gocode/src/github.com/google/uuid/null.go' }],
    install: 'apt-get install git (its docs, /usr/share/doc/git) or golang-github-google-uuid-dev',
  },
  { language: 'JSON', candidates: [{ kind: 'npm', package: 'ajv', via: 'ajv-formats', path: 'dist/refs/json-schema-draft-07.json' }, { kind: 'npm', package: 'ajv', path: 'lib/refs/json-schema-draft-07.json' }], install: PROJECT_PACKAGES },
  { language: 'JSON', candidates: [{ kind: 'npm', package: 'mocha', path: 'package.json', name: 'mocha-package.json' }], install: PROJECT_PACKAGES },
  { language: 'JSON', candidates: [{ kind: 'npm', package: 'zod', path: 'package.json', name: 'zod-package.json' }], install: PROJECT_PACKAGES },
  { language: 'Markdown', candidates: [{ kind: 'npm', package: 'diff', path: 'README.md', name: 'diff-README.md' }], install: PROJECT_PACKAGES },
  { language: 'Markdown', candidates: [{ kind: 'npm', package: 'jsonc-parser', path: 'README.md', name: 'jsonc-parser-README.md' }], install: PROJECT_PACKAGES },
  { language: 'Markdown', candidates: [{ kind: 'npm', package: 'zod', path: 'README.md', name: 'zod-README.md' }], install: PROJECT_PACKAGES },
  ...['fnmatch.py', 'glob.py', 'shlex.py', 'textwrap.py'].map((module): CorpusEntry => ({
    language: 'Python',
    candidates: [{ kind: 'python', path: module }, { kind: 'debian', path: `/usr/lib/python3.*/${module}` }],
    install: 'apt-get install python3',
  })),
  {
    language: 'Rust',
    candidates: [{ kind: 'rustup', path: 'share/doc/rust/html/error_codes/main.rs', component: 'rust-docs', name: 'error-codes-main.rs' }],
    install: 'a Rust toolchain from rustup with its rust-docs component',
  },
  ...['display.rs', 'eval.rs'].map((file): CorpusEntry => ({
    language: 'Rust',
    candidates: [{ kind: 'debian', path: `/usr/share/cargo/registry/semver-*/src/${file}`, name: `semver-${file}` }],
    install: 'apt-get install librust-semver-dev',
  })),
  { language: 'shell', candidates: [{ kind: 'debian', path: '/usr/bin/ssh-copy-id', name: 'ssh-copy-id.sh' }, { kind: 'debian', path: '/usr/bin/savelog', name: 'savelog.sh' }], install: 'apt-get install openssh-client' },
  { language: 'shell', candidates: [{ kind: 'debian', path: '/usr/bin/tzselect', name: 'tzselect.sh' }, { kind: 'debian', path: '/usr/bin/ldd', name: 'ldd.sh' }], install: 'apt-get install libc-bin' },
  { language: 'shell', candidates: [{ kind: 'debian', path: '/usr/bin/zgrep', name: 'zgrep.sh' }, { kind: 'debian', path: '/usr/bin/zdiff', name: 'zdiff.sh' }], install: 'apt-get install gzip' },
  { language: 'TypeScript', candidates: [{ kind: 'npm', package: 'gpt-tokenizer', path: 'src/functionCalling.ts' }], install: PROJECT_PACKAGES },
  { language: 'TypeScript', candidates: [{ kind: 'npm', package: 'zod', path: 'src/v4/core/parse.ts' }], install: PROJECT_PACKAGES },
  { language: 'TypeScript', candidates: [{ kind: 'npm', package: '@textlint/linter-formatter', path: 'src/formatters/table.ts' }], install: PROJECT_PACKAGES },
  { language: 'TypeScript', candidates: [{ kind: 'npm', package: 'zod', path: 'src/v4/core/visit.ts' }], install: PROJECT_PACKAGES },
];
