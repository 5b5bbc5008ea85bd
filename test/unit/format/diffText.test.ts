import assert from 'node:assert/strict';
import { diffLines } from '../../../src/format/diffText';

const kinds = (diff: string) => diffLines(diff).map((line) => line.kind);

describe('protocol: diff text', () => {
  it('marks added, removed, hunk, header and context lines, without a trailing empty line', () => {
    const diff = 'Index: a.ts\n===================================================================\n--- a.ts\n+++ a.ts\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n d\n';
    assert.deepEqual(kinds(diff), ['header', 'header', 'header', 'header', 'hunk', 'context', 'remove', 'add', 'context']);
    assert.deepEqual(diffLines(diff).map((line) => line.text).at(-1), ' d');
    assert.deepEqual(kinds('@@ -1,2 +1,2 @@\r\n-x\r\n+y\r\n'), ['hunk', 'remove', 'add'], 'CRLF too');
  });

  it('reads lines inside a hunk by its counts, so removed `--` and added `++` lines are not headers', () => {
    assert.deepEqual(kinds('--- a.sql\n+++ a.sql\n@@ -1,2 +1,2 @@\n--- old comment\n+++ new comment\n keep\n'), ['header', 'header', 'hunk', 'remove', 'add', 'context']);
    assert.deepEqual(kinds('@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n--- b.ts\n+++ b.ts\n@@ -4,0 +5,1 @@\n+new\n'), [
      'hunk', 'remove', 'add', 'context', 'header', 'header', 'hunk', 'add',
    ]);
  });

  it('falls back to the first characters when the hunk headers do not add up', () => {
    assert.deepEqual(kinds('@@ bad @@\n+a\n-b\n c\n+++ x\n'), ['hunk', 'add', 'remove', 'context', 'header']);
    assert.deepEqual(kinds(''), []);
    assert.deepEqual(kinds('just text'), ['context']);
  });
});
