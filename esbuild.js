// Bundles the entry points into dist/ (and the integration suites into out/).
// `node esbuild.js --watch` rebuilds on change; `--production` minifies and drops source maps.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const { version } = require('./package.json');

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const integrationPhases = fs.existsSync('test/integration/phases')
  ? fs.readdirSync('test/integration/phases').filter((name) => name.endsWith('.ts')).map((name) => path.join('test/integration/phases', name))
  : [];

// jsonc-parser's CommonJS build loads its parts with requires esbuild cannot follow; its ES module build bundles.
const alias = { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' };

/** @type {import('esbuild').BuildOptions[]} */
const bundles = [
  {
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    banner: { js: '#!/usr/bin/env node' },
    alias,
  },
  {
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    alias,
  },
  {
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview/chat.js',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
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
  });
}

/** The codicon font and its stylesheet, served to the webview from dist/. */
function copyCodicons() {
  const from = path.dirname(require.resolve('@vscode/codicons/dist/codicon.css'));
  const to = path.join('dist', 'codicons');
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
