import assert from 'node:assert/strict';
import type { EditTarget } from '../../../../../../src/core/tools/builtin/editMatching/editTypes';
import { parsePatch } from '../../../../../../src/core/tools/builtin/patch/parsePatch';
import type { PlannedFile } from '../../../../../../src/core/tools/builtin/patch/patchTypes';
import { planPatch } from '../../../../../../src/core/tools/builtin/patch/planPatch';
import { contentBytes } from '../../../../../../src/core/host/fileChanges';
import { decodeFile } from '../../../../../../src/core/tools/builtin/textFile';
import { ToolError } from '../../../../../../src/core/toolContract/toolError';

type Files = Record<string, string>;

function plan(files: Files, ...patchLines: string[]): PlannedFile[] {
  return planPatch(parsePatch(['*** Begin Patch', ...patchLines, '*** End Patch'].join('\n')), (path) => target(files, path));
}

function target(files: Files, path: string): EditTarget | undefined {
  const text = files[path];
  if (text === undefined) return undefined;
  const decoded = decodeFile(new TextEncoder().encode(text));
  assert.equal(decoded.kind, 'text');
  return decoded.kind === 'text' ? { text: decoded.text, lineEnding: decoded.lineEnding, shownPath: path } : undefined;
}

/** The text an update leaves, after checking that every edit's offsets point at what it replaced and what replaced it. */
function updated(file: PlannedFile | undefined): string {
  assert.ok(file?.kind === 'update', JSON.stringify(file));
  for (const edit of file.edits) {
    assert.equal(file.target.text.slice(edit.start, edit.end), edit.before);
    assert.equal(file.text.slice(edit.editedStart, edit.editedEnd), edit.newText);
  }
  return file.text;
}

function refusal(files: Files, ...patchLines: string[]): string {
  try {
    plan(files, ...patchLines);
  } catch (error) {
    assert.ok(error instanceof ToolError, String(error));
    assert.match(error.message, /no file was changed/i);
    return error.message;
  }
  assert.fail('the patch was planned');
}

const lines = (...content: string[]): string => content.map((line) => `${line}\n`).join('');

const twoClasses = lines(
  'class Reader:',
  '    def close(self):',
  '        self.handle.close()',
  '        return None',
  '',
  'class Writer:',
  '    def close(self):',
  '        self.handle.close()',
  '        return None',
);

describe('planPatch', () => {
  describe('must apply', () => {
    it('places several hunks in order, each after the previous, with offsets for the review', () => {
      const file = lines('a', 'b', 'c', 'd', 'b', 'c', 'e');
      const [result] = plan({ 'f.txt': file }, '*** Update File: f.txt', '@@', ' a', '-b', '+B', '@@', ' d', ' b', '-c', '+C');
      assert.equal(updated(result), lines('a', 'B', 'c', 'd', 'b', 'C', 'e'));
    });

    it('lets the @@ line choose between two identical regions', () => {
      const [result] = plan({ 'io.py': twoClasses }, '*** Update File: io.py', '@@ class Writer:', '     def close(self):', '         self.handle.close()', '-        return None', '+        return self');
      assert.equal(updated(result), twoClasses.replace(/return None\n$/, 'return self\n'));
    });

    it('narrows step by step with several @@ lines', () => {
      const [result] = plan({ 'io.py': twoClasses }, '*** Update File: io.py', '@@ class Writer:', '@@     def close(self):', '-        return None', '+        return self');
      assert.equal(updated(result), twoClasses.replace(/return None\n$/, 'return self\n'));
    });

    it('starts at the @@ line itself when the hunk repeats it as its first line', () => {
      const [result] = plan({ 'io.py': twoClasses }, '*** Update File: io.py', '@@ class Writer:', ' class Writer:', '-    def close(self):', '+    def close(self, force=False):');
      assert.equal(updated(result), twoClasses.replace(/(class Writer:\n {4}def close\(self)/, '$1, force=False'));
    });

    it('pins a hunk ending in *** End of File to the last lines', () => {
      const [result] = plan({ 'io.py': twoClasses }, '*** Update File: io.py', '@@', '         self.handle.close()', '-        return None', '+        return self', '*** End of File');
      assert.equal(updated(result), twoClasses.replace(/return None\n$/, 'return self\n'));
    });

    it('forgives inside a hunk what edit_file forgives: here a shifted indentation, re-indenting the new lines', () => {
      const file = lines('def f():', '    if ready:', '        go()', '    return 1');
      const [result] = plan({ 'f.py': file }, '*** Update File: f.py', '@@', ' if ready:', '-    go()', '+    go()', '+    log()');
      assert.equal(updated(result), lines('def f():', '    if ready:', '        go()', '        log()', '    return 1'));
    });

    it('keeps CRLF line endings and a byte order mark', () => {
      const file = '\uFEFFone\r\ntwo\r\nthree\r\n';
      const [result] = plan({ 'w.txt': file }, '*** Update File: w.txt', '@@', ' one', '-two', '+2', '+2b');
      const text = updated(result);
      assert.equal(text, 'one\r\n2\r\n2b\r\nthree\r\n');
      assert.deepEqual(contentBytes({ kind: 'text', text, hasBom: true }), new TextEncoder().encode('\uFEFFone\r\n2\r\n2b\r\nthree\r\n'));
    });

    it('keeps a file without a final line break without one', () => {
      const [changed, appended] = plan({ 'f.txt': 'a\nb', 'g.txt': 'a\r\nb' }, '*** Update File: f.txt', '@@', ' a', '-b', '+c', '*** Update File: g.txt', '@@', '+c', '*** End of File');
      assert.equal(updated(changed), 'a\nc');
      assert.equal(updated(appended), 'a\r\nb\r\nc');
    });

    it('adds lines just below the @@ line, at the end with *** End of File, or into an empty file', () => {
      const files = { 'a.py': lines('import os', 'x = 1'), 'b.txt': 'one\n', 'c.txt': '' };
      const [a, b, c] = plan(
        files,
        '*** Update File: a.py',
        '@@ import os',
        '+import sys',
        '*** Update File: b.txt',
        '@@',
        '+two',
        '*** End of File',
        '*** Update File: c.txt',
        '@@',
        '+first',
      );
      assert.equal(updated(a), lines('import os', 'import sys', 'x = 1'));
      assert.equal(updated(b), 'one\ntwo\n');
      assert.equal(updated(c), 'first\n');
    });

    it('plans adds, deletes and moves of several files together', () => {
      const planned = plan(
        { 'old/name.ts': lines('export const a = 1;'), 'gone.ts': 'x\n' },
        '*** Add File: new.ts',
        '+export {};',
        '*** Delete File: gone.ts',
        '*** Update File: old/name.ts',
        '*** Move to: renamed/name.ts',
        '@@',
        '-export const a = 1;',
        '+export const a = 2;',
      );
      assert.deepEqual(planned.slice(0, 2), [
        { kind: 'add', path: 'new.ts', text: 'export {};\n' },
        { kind: 'delete', path: 'gone.ts' },
      ]);
      const moved = planned[2];
      assert.equal(updated(moved), lines('export const a = 2;'));
      assert.equal(moved?.kind === 'update' ? moved.moveTo : undefined, 'renamed/name.ts');
    });
  });

  describe('must refuse', () => {
    it('a failing hunk in the second file: one error naming it, and nothing planned for the first', () => {
      const message = refusal(
        { 'a.txt': lines('one', 'two'), 'b.txt': lines('three', 'four') },
        '*** Update File: a.txt',
        '@@',
        '-one',
        '+1',
        '*** Update File: b.txt',
        '@@',
        ' three',
        '-five',
        '+5',
      );
      assert.match(message, /^The patch was not applied, and no file was changed:\n- b\.txt, hunk 1 of 1 \(starting 'three' \/ 'five'\): old_str was not found in b\.txt\./);
      assert.match(message, /Here old_str means a hunk's context and '-' lines/);
      assert.doesNotMatch(message, /a\.txt/);
    });

    it('a region that matches twice with nothing to tell them apart, naming both', () => {
      const message = refusal({ 'io.py': twoClasses }, '*** Update File: io.py', '@@', '     def close(self):', '-        self.handle.close()', '+        self.handle.flush()');
      assert.match(message, /io\.py, hunk 1 of 1 \(starting 'def close\(self\):' \/ 'self\.handle\.close\(\)'\): old_str matches 2 places in io\.py \(lines 2, 7\)/);
    });

    it('an @@ line that is not in the file, and hunks out of file order', () => {
      assert.match(refusal({ 'io.py': twoClasses }, '*** Update File: io.py', '@@ class Missing:', '-        return None', '+        return 1'), /hunk 1 of 1 \(@@ class Missing:, starting 'return None'\): the @@ line 'class Missing:' is not in io\.py\./);
      const message = refusal({ 'f.txt': lines('a', 'b', 'c', 'd') }, '*** Update File: f.txt', '@@', '-c', '+C', '@@', '-a', '+A');
      assert.match(message, /hunk 2 of 2 \(starting 'a'\): its lines are at line 1, above line 4 where it may start .*hunks must come in file order/);
    });

    it('*** End of File on lines that are not the last', () => {
      assert.match(refusal({ 'f.txt': lines('a', 'b', 'c') }, '*** Update File: f.txt', '@@', '-a', '+A', '*** End of File'), /hunk 1 of 1 \(starting 'a'\): it ends with '\*\*\* End of File', but its lines are at line 1, not the last lines of f\.txt\./);
    });

    it('added lines only, on a non-empty file, with nothing saying where', () => {
      assert.match(refusal({ 'f.txt': 'a\n' }, '*** Update File: f.txt', '@@', '+b'), /hunk 1 of 1 \(starting 'b'\): it only adds lines, with no context or removed lines and no @@ line/);
    });

    it('a first line that matches only the end of a longer line', () => {
      assert.match(refusal({ 'f.ts': lines('const max = 1;', 'next();') }, '*** Update File: f.ts', '@@', '-x = 1;', '+x = 2;', ' next();'), /its first line matches only the end of line 1, not a whole line/);
    });

    it('adding a file that exists, updating or deleting one that does not, moving onto an existing file', () => {
      const files = { 'a.txt': 'a\n', 'b.txt': 'b\n' };
      const message = refusal(files, '*** Add File: a.txt', '+x', '*** Update File: none.txt', '@@', '-x', '+y', '*** Delete File: gone.txt', '*** Update File: b.txt', '*** Move to: c.txt', '@@', '-b', '+B');
      assert.match(message, /\(3 problems\):\n- a\.txt: '\*\*\* Add File' creates a file, but a\.txt already exists\..*\n- none\.txt: '\*\*\* Update File', but none\.txt does not exist\..*\n- gone\.txt: '\*\*\* Delete File', but gone\.txt does not exist\./);
      assert.match(refusal(files, '*** Update File: a.txt', '*** Move to: b.txt', '@@', '-a', '+A'), /a\.txt: '\*\*\* Move to: b\.txt', but b\.txt already exists and would be overwritten/);
    });

    it('the same file twice, however its path is spelt', () => {
      assert.match(refusal({ 'src/a.txt': 'a\n' }, '*** Update File: src/a.txt', '@@', '-a', '+b', '*** Delete File: ./src//a.txt'), /^The patch names \.\/src\/\/a\.txt more than once\. Give each file one section/);
    });
  });
});
