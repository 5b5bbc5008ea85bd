import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { folderOf, importableFolders, readFolderLayers, type FolderLayers } from '../../support/folderLayers';
import { importCircles, readImportGraph, type ImportGraph } from '../../support/importGraph';

const sourceRoot = path.resolve(__dirname, '../../../src');
const architectureDocument = path.resolve(__dirname, '../../../docs/architecture.md');

/** Which top-level folders of src each folder may import (docs/architecture.md, "Layers"). */
const allowedImports: Readonly<Record<string, readonly string[]>> = {
  core: ['core'],
  format: ['format'],
  protocol: ['protocol'],
  node: ['node', 'core'],
  cli: ['cli', 'node', 'core', 'format'],
  vscode: ['vscode', 'node', 'core', 'protocol', 'format'],
  webview: ['webview', 'protocol', 'format'],
  // The GitHub Action: the core, the shared Node code (git, program lookup) and, of cli/, the event stream's types (eslint.config.mjs narrows it).
  action: ['action', 'core', 'cli', 'node'],
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

/** Imports between folders inside core/ or inside vscode/ that the folder table of docs/architecture.md does not allow. */
function folderBreaches(graph: ImportGraph, layers: FolderLayers): string[] {
  const breaches: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === undefined) continue;
    const allowed = importableFolders(layers, from);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === undefined || to === from || allowed.has(to) || layerOf(to) !== layerOf(from)) continue;
      const buildsOn = layers.get(from)?.join(', ') || 'nothing';
      breaches.push(`${file} imports ${target}: ${from} may not import ${to} (it builds on ${buildsOn})`);
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

  describe('the folders inside core/ and vscode/', () => {
    const layers = readFolderLayers(architectureDocument);

    it('reads the folder table of docs/architecture.md', () => {
      assert.deepEqual(layers.get('core/workspace'), ['core/permissions', 'core/sandbox']);
      assert.ok(importableFolders(layers, 'core/agent').has('core/toolContract'), 'what a folder builds on is importable through it');
      assert.ok(!importableFolders(layers, 'core/toolContract').has('core/tools'));
    });

    it('has a row for every folder and names only folders that exist', () => {
      const folders = new Set([...graph.keys()].map(folderOf).filter((folder): folder is string => folder !== undefined));
      assert.deepEqual([...folders].filter((folder) => !layers.has(folder)).sort(), [], 'a new folder needs its row in docs/architecture.md');
      const named = [...layers.keys(), ...[...layers.values()].flat()];
      assert.deepEqual([...new Set(named)].filter((folder) => !folders.has(folder)).sort(), []);
    });

    it('orders the folders: none builds on itself, directly or through others', () => {
      assert.deepEqual([...layers.keys()].filter((folder) => importableFolders(layers, folder).has(folder)), []);
    });

    it('has no import from a folder to one it does not build on', () => {
      assert.deepEqual(folderBreaches(graph, layers), []);
    });

    it('names the file, the import and the rule of an import up the table', () => {
      const breached = new Map(graph);
      breached.set('core/workspace/probe.ts', ['core/tools/registry.ts', 'core/permissions/permissionGate.ts']);
      breached.set('vscode/review/probe.ts', ['vscode/chat/chatTranscript.ts']);
      assert.deepEqual(folderBreaches(breached, layers).slice(-2), [
        'core/workspace/probe.ts imports core/tools/registry.ts: core/workspace may not import core/tools (it builds on core/permissions, core/sandbox)',
        'vscode/review/probe.ts imports vscode/chat/chatTranscript.ts: vscode/review may not import vscode/chat (it builds on vscode/commands)',
      ]);
    });

    it('refuses a type-only import up the table', () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-layers-'));
      try {
        fs.mkdirSync(path.join(root, 'core/tools'), { recursive: true });
        fs.mkdirSync(path.join(root, 'core/toolContract'));
        fs.writeFileSync(path.join(root, 'core/tools/tool.ts'), 'export interface Tool { name: string }\n');
        fs.writeFileSync(path.join(root, 'core/toolContract/probe.ts'), "import type { Tool } from '../tools/tool';\nexport type Probe = Tool;\n");
        assert.deepEqual(folderBreaches(readImportGraph(root), layers), [
          'core/toolContract/probe.ts imports core/tools/tool.ts: core/toolContract may not import core/tools (it builds on nothing)',
        ]);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
