import assert from 'node:assert/strict';
import * as path from 'node:path';
import { importCircles, readImportGraph, type ImportGraph } from '../../support/importGraph';

const sourceRoot = path.resolve(__dirname, '../../../src');

/** Which top-level folders of src each folder may import (docs/architecture.md, "Layers"). */
const allowedImports: Readonly<Record<string, readonly string[]>> = {
  core: ['core'],
  format: ['format'],
  protocol: ['protocol'],
  node: ['node', 'core'],
  cli: ['cli', 'node', 'core', 'format'],
  vscode: ['vscode', 'node', 'core', 'protocol', 'format'],
  webview: ['webview', 'protocol', 'format'],
  // src/extension.ts, the VS Code entry point.
  '.': ['vscode', 'node', 'core'],
};

function layerOf(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : '.';
}

function layeringBreaches(graph: ImportGraph): string[] {
  const breaches: string[] = [];
  for (const [file, targets] of graph) {
    const allowed = allowedImports[layerOf(file)];
    for (const target of targets) {
      if (allowed === undefined || !allowed.includes(layerOf(target))) breaches.push(`${file} → ${target}`);
    }
  }
  return breaches;
}

describe('the import graph of src', () => {
  const graph = readImportGraph(sourceRoot);

  it('reads the imports of the real tree, type-only ones included', () => {
    assert.ok(graph.size > 100, `only ${graph.size} files read`);
    assert.ok(graph.get('core/tools/tool.ts')?.includes('core/permissions/permissionGate.ts'), 'the type-only import of PermissionGate is an edge');
  });

  it('finds circles, including ones closed by type-only imports', () => {
    const small = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', []],
    ]);
    assert.deepEqual(importCircles(small), [['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('has no import circles', () => {
    assert.deepEqual(importCircles(graph).map((circle) => circle.join(' ⇄ ')), []);
  });

  it('has every folder import only the layers it may use', () => {
    assert.deepEqual(layeringBreaches(graph), []);
  });

  it('knows every top-level folder of src', () => {
    const unknown = [...new Set([...graph.keys()].map(layerOf))].filter((layer) => allowedImports[layer] === undefined);
    assert.deepEqual(unknown, [], 'a new top-level folder needs its place in allowedImports and in docs/architecture.md');
  });

  it('reports a core file that imports the webview protocol', () => {
    const breached = new Map(graph);
    breached.set('core/probe.ts', ['protocol/chatItems.ts']);
    assert.deepEqual(layeringBreaches(breached), [...layeringBreaches(graph), 'core/probe.ts → protocol/chatItems.ts']);
  });
});
