// @ts-check
import * as fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Layering (docs/architecture.md): core knows no host and no UI protocol; hosts know core; nothing but src/vscode knows vscode. */
const noVscode = { name: 'vscode', message: 'Only src/vscode may import vscode.' };
const hostFolders = ['**/vscode/**', '**/cli/**', '**/node/**', '**/webview/**'];

/**
 * The folders inside core/ and vscode/ and the folders each builds on, from the table of docs/architecture.md
 * ("Layers inside `core/` and `vscode/`"), which test/unit/architecture/importGraph.test.ts enforces in full.
 * @returns {Map<string, string[]>}
 */
function folderLayers() {
  const text = fs.readFileSync(new URL('docs/architecture.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('### Layers inside `core/` and `vscode/`')).split(/\n#{1,3} /)[0] ?? '';
  const layers = new Map();
  for (const row of section.split('\n')) {
    const cells = row.split('|').map((cell) => cell.trim());
    const folder = /^`((?:core|vscode)(?:\/\w+)?)`$/.exec(cells[1] ?? '')?.[1];
    if (folder !== undefined) layers.set(folder, [...(cells[cells.length - 2] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]));
  }
  return layers;
}

/** One lint zone per folder inside core/ and vscode/: a relative import of a sibling folder it does not build on, directly or through others, is an error. */
function folderZones(/** @type {Record<string, unknown[]>} */ topLevelPatterns) {
  const layers = folderLayers();
  const importable = (/** @type {string} */ folder) => {
    const reached = new Set();
    const pending = [...(layers.get(folder) ?? [])];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (!reached.has(next)) pending.push(...(layers.get(next) ?? []));
      reached.add(next);
    }
    return reached;
  };
  return [...layers.keys()].map((folder) => {
    const [top] = folder.split('/');
    const forbidden = [...layers.keys()].filter((other) => other.startsWith(`${top}/`) && other !== folder && !importable(folder).has(other));
    const names = forbidden.map((other) => other.slice(top.length + 1));
    return {
      files: folder === top ? [`src/${top}/*.ts`] : [`src/${folder}/**/*.ts`],
      rules: {
        'no-restricted-imports': ['error', {
          paths: [noVscode].filter(() => top !== 'vscode'),
          patterns: [
            ...(topLevelPatterns[top] ?? []),
            ...(names.length === 0 ? [] : [{ regex: `^(\\./|(\\.\\./)+)(${names.join('|')})/`, message: `${folder} builds on ${layers.get(folder)?.join(', ') || 'nothing'}: it may not import a folder above it (docs/architecture.md, "Layers inside core/ and vscode/").` }]),
          ],
        }],
      },
    };
  });
}

const corePatterns = [
  { group: hostFolders, message: 'src/core must not depend on a host; add an interface to core/host instead (docs/architecture.md).' },
  { group: ['**/protocol/**', '**/format/**'], message: 'src/core must not know the webview protocol or display formatting; a host maps core types to them (docs/architecture.md).' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'tools/**', '.bench/**', '.vscode-dev/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: corePatterns,
      }],
    },
  },
  ...folderZones({ core: corePatterns }),
  {
    files: ['src/vscode/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
        message: 'Show notifications through src/vscode/notifications.ts: it keeps quoted text from turning into links.',
      }],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'src/node/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: [
          { group: ['**/vscode/**', '**/webview/**'], message: 'The terminal host and shared Node code must not depend on the VS Code host.' },
          { group: ['**/protocol/**'], message: 'src/protocol is the contract between the extension and its webview; the terminal has no webview (docs/architecture.md).' },
        ],
      }],
    },
  },
  {
    files: ['src/action/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: [
          { group: ['**/vscode/**', '**/webview/**', '**/protocol/**', '**/format/**'], message: 'The GitHub Action runs the terminal program as a child process: it imports Node, @actions/*, the core, the shared Node code (its git runner, program lookup, data folder) and the event stream\'s types only (docs/architecture.md).' },
          { regex: '(^|/)cli/(?!stream/)', message: 'The GitHub Action runs the terminal program as a child process: of src/cli it imports only the event stream\'s types (cli/stream).' },
        ],
      }],
    },
  },
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: [{ group: ['**/core/**', '**/format/**', ...hostFolders], message: 'src/protocol is shared by the extension and the webview: it may import only zod.' }],
      }],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: [
          { group: ['**/core/**', '**/vscode/**', '**/cli/**', '**/node/**'], message: 'The webview runs in a browser: it may import only src/protocol and browser packages.' },
          { group: ['node:*'], message: 'The webview runs in a browser, not Node.' },
        ],
      }],
    },
  },
  {
    files: ['src/format/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [noVscode],
        patterns: [{ group: ['**/core/**', '**/protocol/**', ...hostFolders, 'node:*'], message: 'src/format is plain text formatting shared by the webview and the terminal: it imports no other part of src and no Node module.' }],
      }],
    },
  },
  {
    files: ['esbuild.js', 'eslint.config.mjs', '.ci/**', 'scripts/**', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: {
      globals: {
        require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly',
        URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly',
      },
    },
  },
);
