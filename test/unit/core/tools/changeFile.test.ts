import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import { DirectFileChanges } from '../../../../src/core/host/directFileChanges';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../../../src/core/host/fileChanges';
import { MAX_EDIT_FILE_BYTES } from '../../../../src/core/tools/builtin/proposeChange';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** Lets a test act between the tool's read and the apply, as a user typing would. */
class InterferingChanges implements FileChanges {
  readonly proposals: ProposedChange[] = [];
  constructor(
    private readonly direct: FileChanges,
    private readonly beforeApply: (attempt: number) => Promise<ChangeOutcome | undefined>,
  ) {}

  async apply(change: ProposedChange, signal: AbortSignal): Promise<ChangeOutcome> {
    this.proposals.push(change);
    const decided = await this.beforeApply(this.proposals.length);
    return decided ?? this.direct.apply(change, signal);
  }
}

describe('file changes through the host', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({ 'a.ts': 'one\ntwo\nthree\n', 'folder/inside.txt': 'x\n', 'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) });
  });
  afterEach(() => temp.cleanup());

  function interfere(beforeApply: (attempt: number) => Promise<ChangeOutcome | undefined>): InterferingChanges {
    const changes = new InterferingChanges(new DirectFileChanges(temp.host.files), beforeApply);
    Object.assign(temp.host, { changes });
    return changes;
  }

  it('re-reads and applies the edit on the new text when the user changed another part of the file meanwhile', async () => {
    const changes = interfere(async (attempt) => {
      if (attempt === 1) await fs.writeFile(temp.path('a.ts'), 'zero\none\ntwo\nthree\n');
      return undefined;
    });
    const result = await temp.callTool('edit_file', { path: 'a.ts', old_str: 'two', new_str: 'TWO' });
    assert.equal(result.isError, false, result.text);
    assert.equal(await temp.readText('a.ts'), 'zero\none\nTWO\nthree\n');
    assert.equal(changes.proposals.length, 2);
    assert.equal(changes.proposals[0]?.toolCallId, 'call-1');
  });

  it('refuses, keeping the user\'s text, when the user changed the very text being edited', async () => {
    interfere(async (attempt) => {
      if (attempt === 1) await fs.writeFile(temp.path('a.ts'), 'one\n2\nthree\n');
      return undefined;
    });
    const result = await temp.callTool('edit_file', { path: 'a.ts', old_str: 'two', new_str: 'TWO' });
    assert.equal(result.isError, true);
    assert.match(result.text, /changed by someone else \(probably the user\) while your edit was being applied/);
    assert.match(result.text, /not found|does not match|could not find/i);
    assert.equal(await temp.readText('a.ts'), 'one\n2\nthree\n');
  });

  it('gives up with a clear error when the file keeps changing', async () => {
    interfere(async (attempt) => {
      await fs.writeFile(temp.path('a.ts'), `one\ntwo\nthree\n${'x'.repeat(attempt)}\n`);
      return undefined;
    });
    const result = await temp.callTool('write_file', { path: 'a.ts', content: 'new\n' });
    assert.equal(result.isError, true);
    assert.match(result.text, /kept changing while your edit was being applied.*Read it again/);
    assert.equal(await temp.readText('a.ts'), 'one\ntwo\nthree\nxxx\n');
  });

  it('tells the model when the user rejects a change, with their feedback, and leaves the file alone', async () => {
    interfere(async () => ({ status: 'rejected', feedback: '  Use a constant instead. ' }));
    const result = await temp.callTool('edit_file', { path: 'a.ts', old_str: 'two', new_str: 'TWO' });
    assert.equal(result.isError, true);
    assert.equal(result.text, 'The user rejected this change to a.ts; the file was not changed. They said: Use a constant instead.');
    assert.equal(result.summary, 'Rejected: change to a.ts');
    assert.equal(await temp.readText('a.ts'), 'one\ntwo\nthree\n');
  });

  it('passes on what the host says about an applied change', async () => {
    Object.assign(temp.host, { changes: { apply: async () => ({ status: 'applied', note: 'Note: left unsaved.' }) } satisfies FileChanges });
    const result = await temp.callTool('write_file', { path: 'new.txt', content: 'hi\n' });
    assert.equal(result.text, 'Created new.txt (1 lines).\nNote: left unsaved.');
  });

  it('deletes a file, and refuses folders and missing files', async () => {
    const deleted = await temp.callTool('delete_file', { path: 'a.ts' });
    assert.equal(deleted.isError, false, deleted.text);
    assert.equal(deleted.text, 'Deleted a.ts (3 lines).');
    await assert.rejects(fs.stat(temp.path('a.ts')));
    assert.match((await temp.callTool('delete_file', { path: 'folder' })).text, /is a folder; delete_file only deletes files/);
    assert.match((await temp.callTool('delete_file', { path: 'a.ts' })).text, /No such file or folder: a\.ts/);
  });

  it('refuses to overwrite a binary file with write_file', async () => {
    const result = await temp.callTool('write_file', { path: 'logo.png', content: 'text' });
    assert.equal(result.isError, true);
    assert.match(result.text, /logo\.png is a binary file .*write_file only writes text/);
    assert.deepEqual([...(await temp.readBytes('logo.png'))], [0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]);
  });

  it('refuses to edit a file over the size limit', async () => {
    await fs.writeFile(temp.path('huge.txt'), 'a'.repeat(MAX_EDIT_FILE_BYTES + 1));
    const result = await temp.callTool('edit_file', { path: 'huge.txt', old_str: 'aaa', new_str: 'b', replace_all: true });
    assert.equal(result.isError, true);
    assert.match(result.text, /huge\.txt is 16\.0 MB, over the 16\.0 MB limit for edits/);
    assert.equal((await fs.stat(temp.path('huge.txt'))).size, MAX_EDIT_FILE_BYTES + 1);
  });
  it('hands the host the text it decoded once, with the file\'s byte order mark and line endings, and the file ends byte for byte as planned', async () => {
    await fs.writeFile(temp.path('crlf.txt'), '\uFEFFone\r\ntwo\r\nthree\r\n');
    const changes = interfere(async () => undefined);
    const result = await temp.callTool('edit_file', { path: 'crlf.txt', old_str: 'two\n', new_str: 'TWO\n' });
    assert.equal(result.isError, false, result.text);
    const proposed = changes.proposals[0];
    const asText = (content: ProposedChange['before']): unknown => (content?.kind === 'text' ? { text: content.text, hasBom: content.hasBom } : content);
    assert.deepEqual(asText(proposed?.before), { text: 'one\r\ntwo\r\nthree\r\n', hasBom: true });
    assert.deepEqual(asText(proposed?.after), { text: 'one\r\nTWO\r\nthree\r\n', hasBom: true });
    assert.deepEqual(await fs.readFile(temp.path('crlf.txt')), Buffer.from('\uFEFFone\r\nTWO\r\nthree\r\n'));
  });

  it('hands a file that is not UTF-8 text to the host as its bytes, and deletes it only while it holds them', async () => {
    const changes = interfere(async () => undefined);
    const result = await temp.callTool('delete_file', { path: 'logo.png' });
    assert.equal(result.isError, false, result.text);
    const before = changes.proposals[0]?.before;
    assert.equal(before?.kind, 'bytes');
    assert.deepEqual(before?.kind === 'bytes' ? [...before.bytes] : [], [0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]);
    await assert.rejects(fs.stat(temp.path('logo.png')));
  });
});
