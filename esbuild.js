// Bundles the entry points into dist/ (and the integration suites into out/).
// `node esbuild.js --watch` rebuilds on change; `--production` minifies and drops source maps;
// `--outdir=<folder>` writes what would go to dist/ there (the activation benchmark builds a production copy).
// `ELBOW_WALK=1` instruments every function of src/ for the walks benchmark (scripts/walkInstrument.cjs).
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const { version } = require('./package.json');

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const outdir = process.argv.find((argument) => argument.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

const integrationPhases = fs.existsSync('test/integration/phases')
  ? fs.readdirSync('test/integration/phases').filter((name) => name.endsWith('.ts')).map((name) => path.join('test/integration/phases', name))
  : [];

// jsonc-parser's CommonJS build loads its parts with requires esbuild cannot follow; its ES module build bundles.
const alias = { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' };

/**
 * Modules bundled on their own into <outdir>/<name>.js, which the bundles that use them load with a runtime
 * `require('./<module>')` (the loaders next to each) of that file instead of including them: what activation
 * registers (the view and the commands), which the small dist/extension.js loads, timing it; the chat's code, which
 * loads when the view is first shown or a command first runs; and the SDKs and the shell parser, which the first
 * request, MCP server or command needs.
 */
const separateBundles = {
  extensionMain: 'src/vscode/activation/activateElbow.ts',
  elbowChat: 'src/vscode/activation/startElbow.ts',
  openaiSdk: 'src/core/llm/providers/openaiSdk.ts',
  anthropicSdk: 'src/core/llm/providers/anthropicSdk.ts',
  mcpSdk: 'src/core/mcp/mcpSdk.ts',
  shellParser: 'src/core/permissions/commandPolicy/shellParser.ts',
  webPageConverter: 'src/node/web/pageConverter.ts',
};
const separateBundleNames = new Map(Object.entries(separateBundles).map(([name, file]) => [path.resolve(file), name]));

/** @type {import('esbuild').Plugin} */
const requireSeparateBundles = {
  name: 'require-separate-bundles',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      const name = separateBundleNames.get(`${path.resolve(args.resolveDir, args.path)}.ts`);
      return name === undefined ? undefined : { path: `./${name}.js`, external: true };
    });
  },
};

/** zod bundles the error messages of 40 languages (a third of the extension's code); Elbow uses only English, zod's default. */
/** @type {import('esbuild').Plugin} */
const englishZodMessagesOnly = {
  name: 'english-zod-messages-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(args.resolveDir, '../locales/index.js'), namespace: 'zod-english' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({ contents: 'export { default as en } from "./en.js";', resolveDir: path.dirname(args.path) }));
  },
};

/**
 * Each of the extension's 60 modules that imports `vscode` would otherwise copy the API's 200 members into an object
 * of its own when the bundle loads (esbuild's CommonJS interop); one module re-exporting them by name does it once.
 */
/** @type {import('esbuild').Plugin} */
const vscodeApiOnce = {
  name: 'vscode-api-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-api' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-api' }, () => {
      const declarations = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
      const names = new Set([...declarations.matchAll(/^\texport (?:namespace|class|enum|const|let|function) (\w+)/gm)].map((match) => match[1]));
      return { contents: `const api = require('vscode');\n${[...names].map((name) => `export const ${name} = api.${name};`).join('\n')}`, loader: 'js' };
    });
  },
};

/** @type {import('esbuild').Plugin[]} */
const walkPlugins = process.env.ELBOW_WALK === '1' ? [require('./scripts/walkInstrument.cjs').walkInstrumentPlugin(__dirname)] : [];

/** @type {import('esbuild').BuildOptions} */
const nodeBundle = { platform: 'node', target: 'node20', format: 'cjs', alias, plugins: [...walkPlugins, vscodeApiOnce, requireSeparateBundles, englishZodMessagesOnly] };

/** @type {import('esbuild').BuildOptions[]} */
const bundles = [
  // cli.js starts the worker that checks a --json-schema answer from `require.resolve('./answerCheckWorker.js')`.
  { ...nodeBundle, entryPoints: ['src/cli/main.ts'], outfile: path.join(outdir, 'cli.js'), banner: { js: '#!/usr/bin/env node' }, external: ['./answerCheckWorker.js'] },
  { ...nodeBundle, entryPoints: ['src/cli/stream/answerCheckWorker.ts'], outfile: path.join(outdir, 'answerCheckWorker.js') },
  { ...nodeBundle, entryPoints: ['src/extension.ts'], outfile: path.join(outdir, 'extension.js') },
  // The GitHub Action (action.yml); @actions/* are ES modules, bundled into CommonJS here.
  { ...nodeBundle, entryPoints: ['src/action/main.ts'], outfile: path.join(outdir, 'action.js') },
  ...Object.entries(separateBundles).map(([name, file]) => ({ ...nodeBundle, entryPoints: [file], outfile: path.join(outdir, `${name}.js`) })),
  {
    entryPoints: ['src/webview/main.ts'],
    outfile: path.join(outdir, 'webview/chat.js'),
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    plugins: walkPlugins,
  },
];
if (!production && integrationPhases.length > 0) {
  bundles.push({
    entryPoints: integrationPhases,
    outdir: 'out/integration',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode', 'mocha'],
    alias,
    plugins: [englishZodMessagesOnly],
  });
}

/** The codicon font and its stylesheet, served to the webview from dist/. */
function copyCodicons() {
  const from = path.dirname(require.resolve('@vscode/codicons/dist/codicon.css'));
  const to = path.join(outdir, 'codicons');
  fs.mkdirSync(to, { recursive: true });
  for (const name of ['codicon.css', 'codicon.ttf']) fs.copyFileSync(path.join(from, name), path.join(to, name));
}

async function build() {
  copyCodicons();
  for (const options of bundles) {
    const context = await esbuild.context({
      bundle: true,
      sourcemap: !production,
      minify: production,
      logLevel: 'warning',
      define: { ELBOW_VERSION: JSON.stringify(version) },
      ...options,
    });
    if (watch) {
      await context.watch();
    } else {
      await context.rebuild();
      await context.dispose();
    }
  }
}

build().catch((error) => {
  console.error(error);
  process.exit(1);
});
