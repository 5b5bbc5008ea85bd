import assert from 'node:assert/strict';
import { parsePatch } from '../../../../../../src/core/tools/builtin/patch/parsePatch';
import { ToolError } from '../../../../../../src/core/toolContract/toolError';

function patch(...lines: string[]): string {
  return lines.join('\n');
}

function parseError(text: string): string {
  try {
    parsePatch(text);
  } catch (error) {
    assert.ok(error instanceof ToolError, String(error));
    return error.message;
  }
  assert.fail('the patch was accepted');
}

describe('parsePatch', () => {
  it('reads every kind of section: add, delete, update with a move, anchors and End of File', () => {
    const operations = parsePatch(
      patch(
        '*** Begin Patch',
        '*** Add File: docs/new.md',
        '+# Title',
        '+',
        '+text',
        '*** Delete File: old.txt',
        '*** Update File: src/app.py',
        '*** Move to: src/main.py',
        '@@ class App',
        '@@     def run(self):',
        '     start()',
        '-    stop()',
        '+    finish()',
        '@@',
        ' last',
        '+appended',
        '*** End of File',
        '*** End Patch',
      ),
    );
    assert.deepEqual(operations, [
      { kind: 'add', path: 'docs/new.md', text: '# Title\n\ntext\n' },
      { kind: 'delete', path: 'old.txt' },
      {
        kind: 'update',
        path: 'src/app.py',
        moveTo: 'src/main.py',
        hunks: [
          { anchors: ['class App', '    def run(self):'], oldLines: ['    start()', '    stop()'], newLines: ['    start()', '    finish()'], atEndOfFile: false },
          { anchors: [], oldLines: ['last'], newLines: ['last', 'appended'], atEndOfFile: true },
        ],
      },
    ]);
  });

  it('tolerates what Codex tolerates: a heredoc, padded markers, a first hunk without @@, an empty context line without its space', () => {
    const operations = parsePatch(
      patch("<<'EOF'", ' *** Begin Patch ', '  *** Update File: a.ts', ' one', '', '-two', '+2', '@@', ' x', '+y', '*** End Patch  ', 'EOF', ''),
    );
    assert.deepEqual(operations, [
      {
        kind: 'update',
        path: 'a.ts',
        hunks: [
          { anchors: [], oldLines: ['one', '', 'two'], newLines: ['one', '', '2'], atEndOfFile: false },
          { anchors: [], oldLines: ['x'], newLines: ['x', 'y'], atEndOfFile: false },
        ],
      },
    ]);
  });

  it('tolerates a Markdown fence, CRLF line breaks, blank lines between sections and hunks, and a unified diff header', () => {
    const text = ['```diff', '*** Begin Patch', '*** Update File: a.ts', '@@ -10,3 +10,4 @@ function f() {', ' a', '+b', '', '', '*** Delete File: b.ts', '', '*** End Patch', '```'].join('\r\n');
    assert.deepEqual(parsePatch(text), [
      { kind: 'update', path: 'a.ts', hunks: [{ anchors: ['function f() {'], oldLines: ['a'], newLines: ['a', 'b'], atEndOfFile: false }] },
      { kind: 'delete', path: 'b.ts' },
    ]);
  });

  it('tolerates the shell command around a heredoc and the no-newline marker of a unified diff', () => {
    const text = patch('apply_patch <<"PATCH"', '*** Begin Patch', '*** Update File: a.ts', '@@', '-a', '\\ No newline at end of file', '+b', '*** End Patch', 'PATCH');
    assert.deepEqual(parsePatch(text), [{ kind: 'update', path: 'a.ts', hunks: [{ anchors: [], oldLines: ['a'], newLines: ['b'], atEndOfFile: false }] }]);
  });

  it('reads an empty Add File as an empty file, and a move without hunks as a rename', () => {
    assert.deepEqual(parsePatch(patch('*** Begin Patch', '*** Add File: empty.txt', '*** Update File: a.ts', '*** Move to: b.ts', '*** End Patch')), [
      { kind: 'add', path: 'empty.txt', text: '' },
      { kind: 'update', path: 'a.ts', moveTo: 'b.ts', hunks: [] },
    ]);
  });

  it('keeps a context line that looks like a marker once its space prefix is there', () => {
    const [operation] = parsePatch(patch('*** Begin Patch', '*** Update File: notes.md', '@@', ' @@ not an anchor', '-*** bold', '+**bold**', '*** End Patch'));
    assert.deepEqual(operation, {
      kind: 'update',
      path: 'notes.md',
      hunks: [{ anchors: [], oldLines: ['@@ not an anchor', '*** bold'], newLines: ['@@ not an anchor', '**bold**'], atEndOfFile: false }],
    });
  });

  describe('refuses with the line number and what was expected', () => {
    const cases: [string, string, RegExp][] = [
      ['no Begin Patch', patch('*** Update File: a.ts', '*** End Patch'), /^Invalid patch at line 1: expected '\*\*\* Begin Patch' as the first line, found '\*\*\* Update File: a\.ts'\. No file was changed\.$/],
      ['no End Patch', patch('*** Begin Patch', '*** Delete File: a.ts'), /^Invalid patch at line 2: expected '\*\*\* End Patch' as the last line, found '\*\*\* Delete File: a\.ts'/],
      ['an empty patch', patch('*** Begin Patch', '*** End Patch'), /^Invalid patch at line 2: the patch has no file sections/],
      ['an unknown header', patch('*** Begin Patch', '*** Modify File: a.ts', '*** End Patch'), /^Invalid patch at line 2: expected a file section header \('\*\*\* Add File: path', '\*\*\* Delete File: path' or '\*\*\* Update File: path'\), found '\*\*\* Modify File: a\.ts'/],
      ['an add line without +', patch('*** Begin Patch', '*** Add File: a.ts', '+one', 'two', '*** End Patch'), /^Invalid patch at line 4: expected '\+' at the start of 'two': every line of an added file starts with '\+'/],
      ['a path missing', patch('*** Begin Patch', '*** Delete File:', '*** End Patch'), /^Invalid patch at line 2: '\*\*\* Delete File:' needs a path after it/],
      ['an update without hunks', patch('*** Begin Patch', '*** Update File: a.ts', '*** Delete File: b.ts', '*** End Patch'), /^Invalid patch at line 2: '\*\*\* Update File: a\.ts' has no hunks/],
      ['a hunk without lines', patch('*** Begin Patch', '*** Update File: a.ts', '@@ f()', '', '*** End Patch'), /^Invalid patch at line 3: this hunk has no lines/],
      ['a context line without its space', patch('*** Begin Patch', '*** Update File: a.ts', '@@', ' a', 'b', '+c', '*** End Patch'), /^Invalid patch at line 5: expected a hunk line \(lines starting with ' ' \(context\), '-' \(removed\) or '\+' \(added\); a context line keeps its leading space\).*found 'b'/],
      ['End of File before any line', patch('*** Begin Patch', '*** Update File: a.ts', '@@', '*** End of File', '*** End Patch'), /^Invalid patch at line 4: '\*\*\* End of File' must follow a hunk's lines/],
      ['a second hunk without @@', patch('*** Begin Patch', '*** Update File: a.ts', '@@', '-a', '*** End of File', '-b', '*** End Patch'), /^Invalid patch at line 6: expected '@@' to start the next hunk, found '-b'/],
    ];
    for (const [name, text, expected] of cases) {
      it(name, () => assert.match(parseError(text), expected));
    }

    it('counts lines as the model sent them, blank lines before the patch included', () => {
      assert.match(parseError(patch('', '', '*** Begin Patch', '*** Update File: a.ts', '@@', '?', '*** End Patch')), /^Invalid patch at line 6:/);
    });
  });
});
