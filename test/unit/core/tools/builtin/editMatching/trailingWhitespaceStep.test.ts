import assert from 'node:assert/strict';
import { applied, lines, refused } from './editOutcome';

describe('matching ladder: trailing whitespace', () => {
  const file = lines('function total(items) {  ', '  let sum = 0; ', '  for (const item of items) sum += item;', '  return sum;', '}');

  it('matches when old_str lost the trailing spaces, and keeps them on the lines new_str copies or edits', () => {
    const result = applied(file, 'function total(items) {\n  let sum = 0;\n', 'function total(items) {\n  let sum = 1;\n');
    assert.equal(result.text, lines('function total(items) {  ', '  let sum = 1; ', '  for (const item of items) sum += item;', '  return sum;', '}'));
    assert.equal(result.tolerance, 'matched after ignoring trailing whitespace at lines 1–2');
  });

  it('leaves trailing spaces off a line whose end the model changed', () => {
    const result = applied(file, '  let sum = 0;\n  for (const item of items) sum += item;', '  let sum = 0; // start\n  for (const item of items) sum += item;');
    assert.equal(result.text, file.replace('  let sum = 0; ', '  let sum = 0; // start'));
  });

  it('matches in a CRLF file and writes CRLF', () => {
    const crlf = 'a = 1 \r\nb = 2\r\nc = 3\r\n';
    const result = applied(crlf, 'a = 1\nb = 2', 'a = 1\nb = 20');
    assert.equal(result.text, 'a = 1 \r\nb = 20\r\nc = 3\r\n');
  });

  it('refuses, naming every region, when trailing whitespace aside old_str is in two places', () => {
    const twice = lines('x = 1 ', 'y = 2', 'x = 1  ', 'y = 2');
    const reason = refused(twice, 'x = 1\ny = 2', 'x = 3\ny = 2');
    assert.equal(
      reason,
      'old_str matches 2 places in file.ts after ignoring trailing whitespace (lines 1–2, 3–4), so none was edited. Copy the text exactly and include more surrounding lines so that it matches one.',
    );
  });

  it('does nothing of the kind with the ladder off', () => {
    assert.match(refused(file, 'function total(items) {\n  let sum = 0;', 'x', false), /^old_str was not found in file\.ts\./);
  });
});
