import assert from 'node:assert/strict';
import { folderListingText, gitChangesText, maxAttachedProblems, maxDiffCharacters, maxTerminalLines, problemsText, terminalOutputText } from '../../../../src/core/mentions/mentionTexts';
import type { Problem } from '../../../../src/core/host/workspaceDiagnostics';

describe('mention texts', () => {
  describe('problemsText', () => {
    const problem = (path: string, line: number, severity: Problem['severity'], message: string): Problem => ({ path: `/work/${path}`, line, column: 1, severity, message, source: 'ts' });
    const shown = (path: string): string => path.replace('/work/', '');

    it('lists errors before warnings, one a line, with place and source', () => {
      const { text, count } = problemsText([problem('b.ts', 3, 'warning', 'unused'), problem('a.ts', 7, 'error', "Type 'string' is not\n  assignable")], shown);
      assert.equal(count, 2);
      assert.equal(text, "a.ts:7:1 error: Type 'string' is not assignable (ts)\nb.ts:3:1 warning: unused (ts)");
    });

    it('caps the list and says how many were left out', () => {
      const many = Array.from({ length: maxAttachedProblems + 5 }, (_, index) => problem('a.ts', index + 1, 'error', 'bad'));
      const { text, count } = problemsText(many, shown);
      assert.equal(count, maxAttachedProblems + 5);
      assert.equal(text.split('\n').length, maxAttachedProblems + 1);
      assert.match(text, /\(5 more problems are not attached/);
    });

    it('says so when there are none', () => {
      assert.deepEqual(problemsText([], shown), { text: 'No problems are reported in the workspace.', count: 0 });
    });
  });

  describe('terminalOutputText', () => {
    it('shows the command, its exit code and its output without terminal escapes', () => {
      assert.equal(terminalOutputText({ command: 'npm test', output: '\x1b[32mok\x1b[0m\r\n', exitCode: 0 }).text, '$ npm test\n(exit code 0)\nok');
    });

    it('keeps the tail of a long output and says what was cut', () => {
      const output = Array.from({ length: maxTerminalLines + 50 }, (_, index) => `line ${index + 1}`).join('\n');
      const { text } = terminalOutputText({ command: 'make', output, exitCode: 2 });
      assert.match(text, new RegExp(`Only the last ${maxTerminalLines} of ${maxTerminalLines + 50} lines are attached`));
      assert.ok(text.endsWith(`line ${maxTerminalLines + 50}`));
      assert.ok(!text.includes('line 50\n'));
    });

    it('says so before any command ran', () => {
      assert.match(terminalOutputText(undefined).text, /No command has run/);
    });
  });

  describe('gitChangesText', () => {
    const fileDiff = (name: string, size: number): string => `diff --git a/${name} b/${name}\n--- a/${name}\n+++ b/${name}\n@@ -1 +1 @@\n+${'x'.repeat(size)}\n`;

    it('keeps whole files\' diffs while they fit and names the files left out, with how to see them', () => {
      const { text, count } = gitChangesText(fileDiff('small.ts', 10) + fileDiff('huge.ts', maxDiffCharacters) + fileDiff('other.ts', 10));
      assert.equal(count, 3);
      assert.match(text, /^diff --git a\/small\.ts/);
      assert.match(text, /diff --git a\/other\.ts/);
      assert.doesNotMatch(text, /\+x{100}/);
      assert.match(text, /The diffs of 1 more changed files are not attached.*: huge\.ts\. Run `git diff -- <path>`/);
    });

    it('says so when nothing changed', () => {
      assert.deepEqual(gitChangesText(''), { text: 'There are no uncommitted changes.', count: 0 });
    });
  });

  describe('folderListingText', () => {
    it('lists what is under the folder, not its contents', () => {
      const entries = [{ kind: 'folder' as const, path: 'src/lib' }, { kind: 'file' as const, path: 'src/app.ts' }, { kind: 'file' as const, path: 'src/lib/a.ts' }, { kind: 'file' as const, path: 'srcx/b.ts' }];
      assert.deepEqual(folderListingText('src', entries), { text: 'lib/\napp.ts\nlib/a.ts', count: 3 });
    });
  });
});
