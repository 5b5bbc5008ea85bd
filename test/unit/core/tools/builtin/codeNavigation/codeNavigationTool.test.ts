import assert from 'node:assert/strict';
import * as os from 'node:os';
import type { CodeNavigation, NamedSymbol, OutlineSymbol, SourceLocation, SourcePosition } from '../../../../../../src/core/host/codeNavigation';
import type { AgentHost } from '../../../../../../src/core/host/host';
import { builtinTools } from '../../../../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../../../../src/core/tools/registry';
import { Workspace } from '../../../../../../src/core/workspace/workspace';
import { createNodeHost } from '../../../../../../src/node/createNodeHost';
import { createTempWorkspace, type TempWorkspace } from '../../../../../support/tempWorkspace';

const geometry = '/** The area. */\nexport function area(w: number, h: number) {\n  return w * h;\n}\n';
const usage = "import { area } from './geometry';\n\nexport const lawn = area(2, 3);\n";

/** A language server that knows `area`, recording the positions it is asked about. */
class FakeNavigation implements CodeNavigation {
  asked: SourcePosition[] = [];
  referencesFound: SourceLocation[] = [];
  silent = false;
  constructor(private readonly root: string) {}
  async definitions(_path: string, position: SourcePosition): Promise<SourceLocation[] | undefined> {
    this.asked.push(position);
    return this.silent ? undefined : [this.at('geometry.ts', 1, 16)];
  }
  async references(_path: string, position: SourcePosition): Promise<SourceLocation[] | undefined> {
    this.asked.push(position);
    return this.referencesFound;
  }
  async hover(): Promise<string[] | undefined> {
    return ['```typescript\nfunction area(w: number, h: number): number\n```'];
  }
  async documentSymbols(): Promise<OutlineSymbol[] | undefined> {
    return [{ name: 'area', kind: 'function', start: { line: 1, character: 16 }, children: [] }];
  }
  async workspaceSymbols(): Promise<NamedSymbol[] | undefined> {
    return [{ name: 'area', kind: 'function', location: this.at('geometry.ts', 1, 16) }];
  }
  at(relative: string, line: number, character: number): SourceLocation {
    return { path: `${this.root}/${relative}`, start: { line, character }, end: { line, character: character + 4 } };
  }
}

describe('code_navigation', () => {
  let temp: TempWorkspace;
  let navigation: FakeNavigation;
  let call: (input: unknown) => Promise<{ text: string; isError: boolean }>;

  beforeEach(async () => {
    temp = await createTempWorkspace({ 'geometry.ts': geometry, 'lawn.ts': usage, 'private/plot.ts': usage, '.elbowignore': 'private/\n' });
    navigation = new FakeNavigation(temp.root);
    const host: AgentHost = { ...temp.host, codeNavigation: navigation };
    const registry = new ToolRegistry();
    for (const tool of builtinTools(host)) registry.register(tool);
    const context = { ...temp.context(), host, workspace: new Workspace(host) };
    call = async (input) => {
      const { result } = await registry.run({ type: 'tool_call', id: 'call-1', name: 'code_navigation', arguments: JSON.stringify(input) }, context);
      return { text: result.content.map((block) => (block.type === 'text' ? block.text : '')).join(''), isError: result.isError };
    };
  });
  afterEach(() => temp.cleanup());

  it('takes a symbol where the outline declares it, or on the given line, not in a comment', async () => {
    const declared = await call({ action: 'definition', path: 'geometry.ts', symbol: 'area' });
    assert.equal(declared.text, 'Definition of the symbol at geometry.ts:2:17:\ngeometry.ts:2:17: export function area(w: number, h: number) {');
    await call({ action: 'definition', path: 'lawn.ts', symbol: 'area', line: 3 });
    await call({ action: 'definition', path: 'lawn.ts', line: 3, column: 21 });
    assert.deepEqual(navigation.asked.slice(1), [{ line: 2, character: 20 }, { line: 2, character: 20 }]);
  });

  it('sorts references, caps them at 50 and counts, without naming, those hidden or outside the workspace', async () => {
    navigation.referencesFound = [
      ...Array.from({ length: 60 }, (_, index) => navigation.at('lawn.ts', 2, index)),
      navigation.at('geometry.ts', 1, 16),
      navigation.at('private/plot.ts', 2, 20),
      { path: `${os.tmpdir()}/elsewhere/lib.d.ts`, start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    ];
    const result = await call({ action: 'references', path: 'geometry.ts', symbol: 'area' });
    const lines = result.text.split('\n');
    assert.equal(lines[0], '61 reference(s) to the symbol at geometry.ts:2:17:');
    assert.equal(lines[1], 'geometry.ts:2:17: export function area(w: number, h: number) {');
    assert.equal(lines[2], 'lawn.ts:3:1: export const lawn = area(2, 3);');
    assert.equal(lines.length, 1 + 50 + 2);
    assert.equal(lines.at(-2), '… and 11 more.');
    assert.equal(lines.at(-1), '(2 result(s) outside the workspace or hidden by .elbowignore not shown.)');
    assert.doesNotMatch(result.text, /plot|elsewhere/);
  });

  it('gives clear errors for a missing symbol, out-of-range positions, a missing or hidden file, and no language server', async () => {
    assert.match((await call({ action: 'hover', path: 'geometry.ts', symbol: 'areaOf' })).text, /"areaOf" was not found in geometry\.ts\. Similar names in the file: area\./);
    assert.match((await call({ action: 'hover', path: 'geometry.ts', line: 9 })).text, /line 9 is out of range: geometry\.ts has 4 lines/);
    assert.match((await call({ action: 'hover', path: 'geometry.ts', line: 2, column: 90 })).text, /column 90 is out of range: line 2 of geometry\.ts has 44 characters/);
    assert.match((await call({ action: 'hover', path: 'geometry.ts' })).text, /Give symbol/);
    assert.match((await call({ action: 'definition', path: 'geometri.ts', symbol: 'area' })).text, /geometri\.ts/);
    assert.match((await call({ action: 'definition', path: 'private/plot.ts', symbol: 'area' })).text, /hidden by \.elbowignore/);
    assert.match((await call({ action: 'references' })).text, /references needs path/);
    assert.match((await call({ action: 'rename', path: 'geometry.ts' })).text, /action/);
    navigation.silent = true;
    assert.match((await call({ action: 'definition', path: 'lawn.ts', symbol: 'area' })).text, /No language server answered for lawn\.ts; use search instead/);
  });

  it('outlines a file and lists workspace symbols with their places', async () => {
    assert.equal((await call({ action: 'document_symbols', path: 'geometry.ts' })).text, 'function area line 2');
    assert.equal((await call({ action: 'workspace_symbols', query: 'are' })).text, 'function area  geometry.ts:2:17');
    assert.match((await call({ action: 'hover', path: 'lawn.ts', symbol: 'area', line: 3 })).text, /function area\(w: number, h: number\): number/);
  });

  it('is offered only by a host that can navigate: not in the terminal', async () => {
    const nodeHost = await createNodeHost([temp.root]);
    assert.ok(!builtinTools(nodeHost).some((tool) => tool.name === 'code_navigation'));
    assert.ok(builtinTools({ ...nodeHost, codeNavigation: navigation }).some((tool) => tool.name === 'code_navigation'));
  });
});
