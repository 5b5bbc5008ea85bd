import assert from 'node:assert/strict';
import { isTypo } from '../../../../../../src/core/tools/builtin/editMatching/typoEvidence';
import { applied, appliedToBytes, lines, refused, withBom } from './editOutcome';

describe('matching ladder: a typo in old_str only, forgiven when new_str shows the file\'s line', () => {
  const block = [
    'export function retryDelay(attempt: number, options: RetryOptions): number {',
    '  const base = options.baseDelayMilliseconds ?? 250;',
    '  const ceiling = options.maximumDelayMilliseconds ?? 30_000;',
    '  const exponential = base * 2 ** attempt;',
    '  const jitter = Math.random() * base;',
    '  return Math.min(ceiling, exponential + jitter);',
    '}',
  ];
  const file = lines('import type { RetryOptions } from "./options";', '', ...block, '', 'export const NO_RETRY = 0;');
  // The model read the file right (new_str keeps the ceiling line as the file has it) but mistyped its copy in old_str.
  const oldStr = block.join('\n').replace('maximumDelayMilliseconds', 'maximumDelayMillisecnds');
  const newStr = block.join('\n').replace('Math.random() * base', 'Math.random() * base * 0.5');
  const expected = file.replace('Math.random() * base', 'Math.random() * base * 0.5');

  it('applies, writing the mistyped line back as the file has it, and says which line it read so', () => {
    const result = applied(file, oldStr, newStr);
    assert.equal(result.text, expected);
    assert.match(result.tolerance ?? '', /^matched a 9\d%-similar region at lines 3–9 \(.*; line 5 read as the file has it, which new_str keeps\)$/);
  });

  it('applies in a CRLF file and in a file with a byte order mark alike', () => {
    assert.equal(applied(file.replace(/\n/g, '\r\n'), oldStr, newStr).text, expected.replace(/\n/g, '\r\n'));
    assert.deepEqual(Buffer.from(appliedToBytes(withBom(file), oldStr, newStr)), Buffer.from(withBom(expected)));
  });

  it('applies when old_str is also indented differently, re-indenting the lines new_str changes', () => {
    const shift = (text: string): string => text.split('\n').map((line) => `    ${line}`).join('\n');
    assert.equal(applied(file, shift(oldStr), shift(newStr)).text, expected);
  });

  it('applies although a near-copy of the block is within the similarity margin, when the block as read is the only one', () => {
    const twin = block.map((line) => line.replace('retryDelay', 'pollDelay').replace('250', '100'));
    const both = lines(...block, '', ...twin);
    const result = applied(both, oldStr, newStr);
    assert.equal(result.text, both.replace('Math.random() * base;', 'Math.random() * base * 0.5;'));
  });

  it('refuses when the mistyped line is one new_str changes: its old text is not in the file', () => {
    const typoInChanged = block.join('\n').replace('Math.random() * base', 'Math.randmo() * base');
    const reason = refused(file, typoInChanged, newStr);
    assert.match(reason, /^old_str was not found in file\.ts\. It is most like lines 3–9 .*but line 7, which new_str changes, differs there:/s);
  });

  it('refuses when new_str\'s copy of the line is not the file\'s either', () => {
    const reason = refused(file, oldStr, newStr.replace('maximumDelayMilliseconds', 'maximumDelayMillis'));
    assert.match(reason, /^old_str was not found in file\.ts\./);
  });

  it('refuses a whole other word in old_str, which is no slip', () => {
    const reason = refused(file, block.join('\n').replace('maximumDelayMilliseconds', 'longestWait'), newStr);
    assert.match(reason, /^old_str was not found in file\.ts\./);
  });

  it('counts as a typo one word off by at most two character edits, and nothing else', () => {
    assert.ok(isTypo('const ceiling = options.maximumDelayMillisecnds;', 'const ceiling = options.maximumDelayMilliseconds;'));
    assert.ok(isTypo('const cieling = 1;', 'const ceiling = 1;'));
    assert.ok(isTypo('const ceilling = 1;', 'const ceiling = 1;'));
    assert.ok(!isTypo('const cabbing = 1;', 'const ceiling = 1;'));
    assert.ok(!isTypo('const cieling = 2;', 'const ceiling = 1;'));
    assert.ok(!isTypo('const ceiling = 1', 'const ceiling = 1;'));
    assert.ok(!isTypo('const ceiling = 3;', 'const ceiling = 5;'), 'a value, not a slip');
    assert.ok(!isTypo('if (is) run();', 'if (id) run();'), 'a short word changed is another word');
    assert.ok(isTypo('\tesc', '\tesac'));
  });
});
