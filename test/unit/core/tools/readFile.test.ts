import assert from 'node:assert/strict';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('read_file', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({
      'src/app.ts': 'const a = 1;\nconst b = 2;\n',
      'long.txt': `${numbered(2500)}\n`,
      'wide.txt': `${Array.from({ length: 300 }, (_, index) => `${index}:${'w'.repeat(997)}`).join('\n')}\n`,
      'minified.js': `${'x'.repeat(5000)}\nend\n`,
      'crlf-bom.txt': '\uFEFFfirst\r\nsecond\r\n',
      'empty.txt': '',
      'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'latin1.txt': Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' au lait, a long line of text\n')]),
      'src/util/format.ts': 'export {};\n',
      '.elbowignore': 'private/\n',
      'private/notes.md': 'secret\n',
      'escape.txt': { symlink: '../outside/o.txt' },
      '../outside/o.txt': 'outside secret\n',
    });
  });
  afterEach(() => temp.cleanup());

  it('shows lines with their numbers and a tab', async () => {
    const result = await temp.callTool('read_file', { path: 'src/app.ts' });
    assert.equal(result.isError, false);
    assert.equal(result.text, '1\tconst a = 1;\n2\tconst b = 2;');
    assert.equal(result.summary, 'Read src/app.ts (lines 1–2)');
  });

  it('stops at 2,000 lines and says which offset reads on', async () => {
    const first = await temp.callTool('read_file', { path: 'long.txt' });
    const lines = first.text.split('\n');
    assert.equal(lines[0], '   1\tline 1');
    assert.equal(lines[1999], '2000\tline 2000');
    assert.match(first.text, /\[Showing lines 1–2000 of 2500\. To read on, call read_file with offset: 2001\.\]$/);
    const rest = await temp.callTool('read_file', { path: 'long.txt', offset: 2001 });
    assert.ok(rest.text.startsWith('2001\tline 2001\n'));
    assert.ok(rest.text.endsWith('2500\tline 2500'));
    assert.equal(rest.summary, 'Read long.txt (lines 2001–2500)');
  });

  it('reads a range with offset and limit', async () => {
    const result = await temp.callTool('read_file', { path: 'long.txt', offset: 10, limit: 3 });
    assert.equal(result.text.split('\n\n')[0], '10\tline 10\n11\tline 11\n12\tline 12');
    assert.match(result.text, /offset: 13/);
  });

  it('stops at about 100 KB', async () => {
    const result = await temp.callTool('read_file', { path: 'wide.txt' });
    const shown = result.text.split('\n').filter((line) => /^\s*\d+\t/.test(line)).length;
    assert.ok(shown < 300 && shown > 90, `shown ${shown}`);
    assert.ok(Buffer.byteLength(result.text) <= 101 * 1024);
    assert.match(result.text, new RegExp(`offset: ${shown + 1}\\.`));
  });

  it('cuts very long lines and says so', async () => {
    const result = await temp.callTool('read_file', { path: 'minified.js' });
    assert.match(result.text, /^1\tx{2000}… \[line cut: 3000 more characters\]\n2\tend/);
    assert.match(result.text, /1 long line\(s\) were cut short/);
  });

  it('strips the byte order mark and CRLF from the view', async () => {
    assert.equal((await temp.callTool('read_file', { path: 'crlf-bom.txt' })).text, '1\tfirst\n2\tsecond');
  });

  it('says a file is empty', async () => {
    const result = await temp.callTool('read_file', { path: 'empty.txt' });
    assert.deepEqual([result.text, result.isError], ['empty.txt is empty.', false]);
  });

  it('describes a binary file instead of showing it', async () => {
    const result = await temp.callTool('read_file', { path: 'logo.png' });
    assert.equal(result.isError, false);
    assert.equal(result.text, 'logo.png is a binary file (PNG image, 12 bytes); its content is not shown.');
  });

  it('shows text with a few invalid bytes, with a note', async () => {
    const result = await temp.callTool('read_file', { path: 'latin1.txt' });
    assert.match(result.text, /^1\tcaf\uFFFD au lait/);
    assert.match(result.text, /not valid UTF-8/);
  });

  it('refuses an offset past the end', async () => {
    const result = await temp.callTool('read_file', { path: 'src/app.ts', offset: 3 });
    assert.equal(result.isError, true);
    assert.equal(result.text, 'offset 3 is past the end of src/app.ts, which has 2 lines.');
  });

  it('points to list_files for a folder', async () => {
    assert.match((await temp.callTool('read_file', { path: 'src' })).text, /src is a folder, not a file\. Use list_files/);
  });

  it('suggests similar names for a missing file', async () => {
    assert.equal((await temp.callTool('read_file', { path: 'src/App.ts' })).text, 'File not found: src/App.ts. Did you mean: src/app.ts?');
    assert.equal((await temp.callTool('read_file', { path: 'lib/format.ts' })).text, 'File not found: lib/format.ts. Did you mean: src/util/format.ts?');
    assert.match((await temp.callTool('read_file', { path: 'nothing-like-it.rs' })).text, /File not found: nothing-like-it\.rs\. Use list_files or search/);
  });

  it('refuses files hidden by .elbowignore and links out of the workspace', async () => {
    const hidden = await temp.callTool('read_file', { path: 'private/notes.md' });
    assert.equal(hidden.isError, true);
    assert.match(hidden.text, /hidden by \.elbowignore/);
    assert.doesNotMatch(hidden.text, /secret/);
    const escape = await temp.callTool('read_file', { path: 'escape.txt' });
    assert.equal(escape.isError, true);
    assert.match(escape.text, /outside the workspace/);
    assert.doesNotMatch(escape.text, /outside secret/);
  });

  it('rejects a non-positive offset through the schema', async () => {
    const result = await temp.callTool('read_file', { path: 'src/app.ts', offset: 0 });
    assert.equal(result.isError, true);
    assert.match(result.text, /- offset: /);
  });
});
