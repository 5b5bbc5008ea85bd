import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer';
import { z } from 'zod';
import { problemsTool } from '../../../../src/core/tools/builtin/problems';
import { builtinTools } from '../../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { FakeDiagnostics, problem } from '../../../support/fakeDiagnostics';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('the problems tool', () => {
  let temp: TempWorkspace;
  let diagnostics: FakeDiagnostics;
  let registry: ToolRegistry;

  beforeEach(async () => {
    temp = await createTempWorkspace({ 'src/a.ts': 'let x: number = "1";\n', 'src/b.ts': '', 'notes.txt': 'hi\n', 'secret/key.ts': '', '.elbowignore': 'secret/\n' });
    diagnostics = new FakeDiagnostics();
    Object.assign(temp.host, { diagnostics });
    registry = new ToolRegistry();
    registry.register(problemsTool);
  });
  afterEach(() => temp.cleanup());

  async function call(input: object): Promise<{ text: string; isError: boolean }> {
    const { result } = await registry.run({ type: 'tool_call', id: 'call-1', name: 'problems', arguments: JSON.stringify(input) }, temp.context());
    return { text: result.content.map((block) => (block.type === 'text' ? block.text : '')).join(''), isError: result.isError };
  }

  it('is offered only by a host with diagnostics, and its spec stays small', () => {
    assert.ok(!builtinTools().some((tool) => tool.name === 'problems'));
    assert.ok(builtinTools(temp.host).some((tool) => tool.name === 'problems'));
    const spec = { type: 'function', function: { name: problemsTool.name, description: problemsTool.description, parameters: z.toJSONSchema(problemsTool.inputSchema, { io: 'input' }) } };
    assert.ok(encode(JSON.stringify(spec)).length <= 200, `${encode(JSON.stringify(spec)).length} tokens`);
  });

  it("lists a file's errors and warnings with workspace-relative places, leaving out hints by default", async () => {
    diagnostics.reported = [problem(temp.path('src/a.ts'), 1, "Type 'string' is not assignable to type 'number'."), problem(temp.path('src/a.ts'), 1, 'Unused x.', 'hint', '6133')];
    const result = await call({ path: 'src/a.ts' });
    assert.equal(result.text, "src/a.ts:1:5 error TS2322: Type 'string' is not assignable to type 'number'. (ts)");
    assert.match((await call({ path: 'src/a.ts', severity: 'all' })).text, /hint TS6133: Unused x\./);
  });

  it('lists a folder or the whole workspace, never files hidden by .elbowignore', async () => {
    diagnostics.reported = [problem(temp.path('src/b.ts'), 2, 'In b.', 'warning'), problem(temp.path('secret/key.ts'), 1, 'Hidden.')];
    assert.equal((await call({ path: 'src' })).text, 'src/b.ts:2:5 warning TS2322: In b. (ts)');
    assert.equal((await call({})).text, 'src/b.ts:2:5 warning TS2322: In b. (ts)');
    assert.match((await call({ severity: 'error' })).text, /^No problems reported in the workspace\. Language servers report only files they have checked/);
  });

  it('refuses a missing path, a hidden one and one outside the workspace with a clear message', async () => {
    assert.match((await call({ path: 'src/nowhere.ts' })).text, /No such file or folder: src\/nowhere\.ts/);
    assert.match((await call({ path: 'secret/key.ts' })).text, /hidden by \.elbowignore/);
    assert.match((await call({ path: '../outside.ts' })).text, /outside the workspace/);
  });

  it('says when no language server checks the file', async () => {
    diagnostics.languageId = 'plaintext';
    assert.equal((await call({ path: 'notes.txt' })).text, 'No problems reported for notes.txt (plaintext). It is plain text: no language server checks it.');
  });
});
