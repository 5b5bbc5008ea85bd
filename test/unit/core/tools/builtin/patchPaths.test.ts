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

  it('reads a header line full of spaces in linear time', () => {
    const line = `*** Add File: a${' '.repeat(20_000)}b.txt`;
    const started = performance.now();
    const { title } = describeToolCall(applyPatchTool, 'apply_patch', JSON.stringify({ input: patch(line, '+x') }));
    assert.ok(performance.now() - started < 200, `took ${performance.now() - started} ms`);
    assert.match(title, /^Patching a/);
  });

  it('scans only the start of a huge patch for the title, all of it for the files', () => {
    const sections = Array.from({ length: 5000 }, (_, index) => [`*** Add File: file${index}.txt`, `+${'x'.repeat(20)}`]).flat();
    const text = patch(...sections);
    assert.equal(patchPaths(text).length, 5000);
    assert.ok(patchPaths(text, 1024).length < 100);
  });
});
