import assert from 'node:assert/strict';
import { describeMissingOldStr } from '../../../../../src/core/tools/builtin/closestMatch';

function lines(...content: string[]): string {
  return content.map((line) => `${line}\n`).join('');
}

describe('describeMissingOldStr', () => {
  it('names every region that matches once whitespace is ignored, not just one', () => {
    const file = lines('if (a) {', '  go();', '}', 'if (b) {', '    go();', '}', 'if (c) {', '\tgo();', '}');
    const reason = describeMissingOldStr('f.ts', file, ' go();\n }');
    assert.equal(
      reason,
      'old_str was not found in f.ts. It matches 3 places only if whitespace is ignored: lines 2–3, lines 5–6, lines 8–9. Copy the one you mean exactly, with enough surrounding lines to tell it from the others.',
    );
  });

  it('says the change looks already applied, and where, when new_str is in the file', () => {
    const file = lines('const a = 1;', 'const b = 3;', 'const c = 3;');
    const reason = describeMissingOldStr('f.ts', file, 'const a = 1;\nconst b = 2;', 'const a = 1;\n  const b = 3;');
    assert.equal(reason, 'old_str was not found in f.ts. new_str is already in the file at lines 1–2: the change looks already applied. Re-read the file with read_file before editing it again.');
  });

  it('does not call a deletion applied because the lines it keeps are in the file', () => {
    const file = lines('const a = 1;', 'const b = 2;');
    assert.doesNotMatch(describeMissingOldStr('f.ts', file, 'const a = 1;\nconst b = 9;', 'const a = 1;'), /already applied/);
  });

  it('gives the margin between the most similar region and the next best', () => {
    const file = lines('function add(a, b) {', '  return a + b;', '}', '', 'function sub(a, b) {', '  return a - b;', '}');
    const reason = describeMissingOldStr('f.ts', file, 'function add(a, c) {\n  return a + c;\n}');
    assert.match(reason, /^old_str was not found in f\.ts\. The most similar text is at lines 1–3 \(\d+% similar\):\n1\tfunction add/);
    assert.match(reason, /\nThe next best, at lines 5–7, is \d+% similar\.\n/);
  });

  it('shows both regions when two are about equally similar', () => {
    const file = lines('retry(1, "a");', 'wait();', 'retry(2, "b");', 'wait();');
    const reason = describeMissingOldStr('f.ts', file, 'retry(3, "c");\nwait();');
    assert.match(reason, /Two regions are about equally similar, so old_str may be meant for either: lines 1–2 \(\d+% similar\) and lines 3–4 \(\d+% similar\)\./);
    assert.ok(reason.includes('1\tretry(1, "a");\n2\twait();\n…\n3\tretry(2, "b");\n4\twait();'), reason);
  });

  it('still recognises read_file\'s line-number prefixes and says when nothing resembles old_str', () => {
    assert.match(describeMissingOldStr('f.ts', lines('a'), '1\ta'), /line number and a tab/);
    assert.match(describeMissingOldStr('f.ts', lines('alpha', 'beta'), 'zzzz qqqq'), /Nothing in the file resembles it\./);
  });
});
