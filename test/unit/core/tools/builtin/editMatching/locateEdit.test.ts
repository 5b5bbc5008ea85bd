import assert from 'node:assert/strict';
import { locateEdit } from '../../../../../../src/core/tools/builtin/editMatching/locateEdit';
import { applied, lines, refused } from './editOutcome';

describe('locateEdit', () => {
  const file = lines('def area(r):', '    return 3.14 * r * r  ', '', 'print(area(2))');

  it('takes an exact match as it is, saying nothing about tolerance', () => {
    const result = applied(file, 'print(area(2))', 'print(area(3))');
    assert.equal(result.text, file.replace('area(2)', 'area(3)'));
    assert.equal(result.tolerance, undefined);
  });

  it('refuses an exact match in several places with their lines, before any tolerance', () => {
    assert.equal(
      refused(lines('x = 1', 'x = 1 '), 'x = 1', 'x = 2'),
      'old_str matches 2 places in file.ts (lines 1, 2). Include more surrounding lines in old_str so that it matches exactly one, or set replace_all: true to replace every one.',
    );
  });

  it('with the ladder off, matches only exactly (line endings aside), as the edit tool always did', () => {
    assert.match(refused(file, '    return 3.14 * r * r\n\nprint(area(2))', 'x', false), /^old_str was not found in file\.ts\./);
    assert.match(refused(file, '   12\tprint(area(2))', 'x', false), /line number and a tab/);
    assert.equal(applied('a\r\nb\r\n', 'a\nb', 'a\nc', false).text, 'a\r\nc\r\n');
  });

  it('refuses an empty old_str, which only the caller can give a meaning', () => {
    assert.equal(refused(file, '', 'x'), 'old_str is empty: give the exact text of file.ts to replace.');
  });

  it('uses the ladder by default', () => {
    const location = locateEdit({ text: file, lineEnding: '\n', shownPath: 'file.ts' }, { oldStr: '    return 3.14 * r * r\n\nprint(area(2))', newStr: '    return 3.1416 * r * r\n\nprint(area(2))' });
    assert.equal(location.kind, 'found');
  });

  it('keeps a final line break where old_str had one and new_str has none, as an exact match would', () => {
    const result = applied(file, 'def area(r):\n    return 3.14 * r * r\n\n', 'def area(r):\n    return 3.14 * r * r\n');
    assert.equal(result.text, lines('def area(r):', '    return 3.14 * r * r  ', 'print(area(2))'));
  });
});
