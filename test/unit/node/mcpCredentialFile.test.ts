import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { McpCredentialFile, mcpCredentialFolder } from '../../../src/node/mcpCredentialFile';
import { createSandboxFixture } from '../../support/sandboxRun';

describe('the terminal\'s MCP credential file', () => {
  let base: string;
  let folder: string;
  let store: McpCredentialFile;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-credentials-')));
    folder = mcpCredentialFolder(path.join(base, 'data'));
    store = new McpCredentialFile(folder);
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  const mode = async (file: string): Promise<number> => (await fs.stat(file)).mode & 0o777;

  it('keeps keyed entries in a 0600 file of a 0700 folder, replaced whole on each write', async () => {
    await store.write('a', '{"tokens":1}');
    await store.write('b', 'two');
    assert.equal(await store.read('a'), '{"tokens":1}');
    assert.deepEqual(await store.keys(), ['a', 'b']);
    await store.delete('a');
    assert.equal(await store.read('a'), undefined);
    assert.equal(await store.read('b'), 'two');
    if (process.platform !== 'win32') {
      assert.equal(await mode(folder), 0o700);
      assert.equal(await mode(store.file), 0o600);
    }
    assert.deepEqual(await fs.readdir(folder), ['mcp-oauth.json'], 'no temporary file is left');
  });

  it('narrows permissions someone widened', async () => {
    if (process.platform === 'win32') return;
    await store.write('a', 'x');
    await fs.chmod(store.file, 0o644);
    await fs.chmod(folder, 0o755);
    assert.equal(await store.read('a'), 'x');
    assert.equal(await mode(store.file), 0o600);
    assert.equal(await mode(folder), 0o700);
  });

  it('refuses a symbolic link in place of the file or the folder, and leaves its target alone', async () => {
    if (process.platform === 'win32') return;
    const elsewhere = path.join(base, 'elsewhere.json');
    await fs.writeFile(elsewhere, JSON.stringify({ version: 1, entries: { a: 'planted' } }));
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    await fs.symlink(elsewhere, store.file);
    await assert.rejects(store.read('a'), /is a symbolic link/);
    await assert.rejects(store.write('a', 'secret'), /is a symbolic link/);
    assert.doesNotMatch(await fs.readFile(elsewhere, 'utf8'), /secret/);

    const linkedFolder = new McpCredentialFile(path.join(base, 'linked'));
    await fs.symlink(folder, path.join(base, 'linked'));
    await assert.rejects(linkedFolder.write('a', 'secret'), /symbolic link|not a folder/);
  });

  it('says so, and overwrites nothing, when the file is not one it wrote', async () => {
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    await fs.writeFile(store.file, 'not json', { mode: 0o600 });
    await assert.rejects(store.read('a'), /is not a credentials file Elbow wrote .* move it away/);
    await assert.rejects(store.write('a', 'x'));
    assert.equal(await fs.readFile(store.file, 'utf8'), 'not json');
  });

  it('cannot be read by a sandboxed command', async function () {
    const fixture = await createSandboxFixture();
    try {
      const status = await fixture.sandbox.status();
      if (!status.available) this.skip();
      const ownData = path.join(fixture.home, 'elbow-data');
      const inSandbox = new McpCredentialFile(mcpCredentialFolder(ownData));
      await inSandbox.write('mcp-oauth/remote/https://example.com/mcp', 'CANARY-ACCESS-TOKEN');
      // Errors go to /dev/null: they name the path, and only what the command could read or list counts.
      const run = await fixture.run(`cat '${inSandbox.file}' 2>/dev/null; ls -a '${ownData}' 2>/dev/null; echo done`);
      assert.equal(run.output.trim(), 'done');
    } finally {
      await fixture.cleanup();
    }
  });
});
