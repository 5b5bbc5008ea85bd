// Bundles the entry points into dist/. `node esbuild.js --watch` rebuilds on change.
const esbuild = require('esbuild');
const { version } = require('./package.json');

const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions[]} */
const bundles = [
  {
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    banner: { js: '#!/usr/bin/env node' },
  },
];

async function build() {
  for (const options of bundles) {
    const context = await esbuild.context({
      bundle: true,
      sourcemap: true,
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
