import assert from 'node:assert/strict';
import { applyPatchTool } from '../../../../../src/core/tools/builtin/applyPatch';
import { parsePatch } from '../../../../../src/core/tools/builtin/patch/parsePatch';
import type { PatchOperation } from '../../../../../src/core/tools/builtin/patch/patchTypes';
import { patchPaths } from '../../../../../src/core/tools/builtin/patchPaths';
import { describeToolCall } from '../../../../../src/core/tools/toolCallDescription';

function patch(...lines: string[]): string {
  return ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
}

function parsedPaths(operations: readonly PatchOperation[]): string[] {
  return [...new Set(operations.flatMap((operation) => (operation.kind === 'update' && operation.moveTo !== undefined ? [operation.path, operation.moveTo] : [operation.path])))];
}

describe('patchPaths', () => {
  it('names exactly the files the parser reads, however the headers are indented', () => {
    const text = patch(
      '*** Update File: README.md',
      '*** Move to: docs/README.md',
      '@@',
      '-a',
      '+b',
      ' *** Delete File: context-only.ts',
      '\t*** Delete File: tabbed.ts',
      '  *** Add File: spaced.ts',
      '+x',
      '*** Update File: c.ts\r',
      '@@',
      ' \u00a0*** Delete File: src/important.ts',
      '-c',
    );
    const names = patchPaths(text);
    assert.deepEqual(names, parsedPaths(parsePatch(text)));
    assert.deepEqual(names, ['README.md', 'docs/README.md', 'tabbed.ts', 'spaced.ts', 'c.ts']);
  });

  it('never takes a line that reads as context for a header, Unicode space or not', () => {
    const text = patch('*** Update File: README.md', '@@', '-a', '+b', ' \u00a0*** Delete File: src/important.ts');
    assert.deepEqual(parsedPaths(parsePatch(text)), ['README.md']);
    assert.deepEqual(describeToolCall(applyPatchTool, 'apply_patch', JSON.stringify({ input: text })), { title: 'Patching README.md', kind: 'edit', subject: 'README.md' });
    assert.throws(() => parsePatch(patch('*** Update File: README.md', '@@', '-a', '\u00a0*** Delete File: src/important.ts')), /expected a hunk line/);
  });

  it('reads a header line full of spaces (its cost is measured by npm run bench -- inputs)', () => {
    const line = `*** Add File: a${' '.repeat(20_000)}b.txt`;
    const { title } = describeToolCall(applyPatchTool, 'apply_patch', JSON.stringify({ input: patch(line, '+x') }));
    assert.match(title, /^Patching … +b\.txt$/);
  });

  it('names in the title a file after a huge section, and counts the files it leaves out', () => {
    const notes = Array.from({ length: 7000 }, (_, index) => `+line of harmless docs ${index}`);
    const hidden = patch('*** Add File: docs/notes.md', ...notes, '*** Delete File: src/important.ts');
    assert.equal(describeToolCall(applyPatchTool, 'apply_patch', JSON.stringify({ input: hidden })).title, 'Patching docs/notes.md, src/important.ts');
    const sections = Array.from({ length: 5000 }, (_, index) => [`*** Add File: file${index}.txt`, `+${'x'.repeat(20)}`]).flat();
    const { title } = describeToolCall(applyPatchTool, 'apply_patch', JSON.stringify({ input: patch(...sections) }));
    const named = /^Patching (.*) and (\d+) more$/.exec(title);
    assert.ok(named !== null && title.length <= 80, title);
    assert.equal((named[1] as string).split(', ').length + Number(named[2]), 5000);
  });

  it('clips one long name in the title but still counts the others', () => {
    const long = `${'deep/'.repeat(30)}file.ts`;
    const { title } = describeToolCall(applyPatchTool, 'apply_patch', JSON.stringify({ input: patch(`*** Add File: ${long}`, '+x', '*** Delete File: b.ts') }));
    assert.match(title, /^Patching ….*file\.ts and 1 more$/);
    assert.ok(title.length <= 80, title);
  });
});
