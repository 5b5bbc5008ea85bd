import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { TrustedContentStore, trustStoreFile } from '../../../src/cli/trustedContentStore';
import { customizationHash } from '../../../src/core/customize/customizationFile';

describe('TrustedContentStore: the workspace file contents the user trusted', () => {
  let dataFolder: string;
  let file: string;
  let warnings: string[];
  const store = (): TrustedContentStore => new TrustedContentStore(file, (message) => warnings.push(message));
  const hash = (text: string, at = '/work/project/.elbow/mcp.json'): string => customizationHash(at, Buffer.from(text));

  beforeEach(async () => {
    dataFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-trust-'));
    file = trustStoreFile(path.join(dataFolder, 'not-yet-created'));
    warnings = [];
  });
  afterEach(async () => {
    await fs.rm(dataFolder, { recursive: true, force: true });
  });

  it('hashes the bytes together with the absolute path: a changed file, or the same bytes elsewhere, is another content', () => {
    const content = '{ "mcpServers": { "a": { "command": "x" } } }';
    assert.match(hash(content), /^[0-9a-f]{64}$/);
    assert.equal(hash(content), hash(content));
    assert.notEqual(hash(content), hash(`${content} `));
    assert.notEqual(hash(content), hash(content, '/work/other/.elbow/mcp.json'));
    assert.equal(customizationHash('relative/mcp.json', Buffer.from(content)), customizationHash(path.resolve('relative/mcp.json'), Buffer.from(content)));
  });

  it('remembers what it was told across runs, in a JSON file only the user can read, creating its folder', async () => {
    const first = store();
    assert.equal(await first.has(hash('one')), false);
    await first.add(hash('one'), '/work/project/.elbow/mcp.json', new Date('2030-01-02T03:04:05Z'));
    assert.equal(await first.has(hash('one')), true);
    assert.equal(await store().has(hash('one')), true, 'a later run reads it');
    assert.equal(await store().has(hash('two')), false);
    const written = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
    assert.deepEqual(written, { version: 1, trusted: [{ sha256: hash('one'), path: path.resolve('/work/project/.elbow/mcp.json'), trustedAt: '2030-01-02T03:04:05.000Z' }] });
    if (process.platform !== 'win32') assert.equal((await fs.stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(await fs.readdir(path.dirname(file)), [path.basename(file)], 'no temporary file is left behind');
    assert.deepEqual(warnings, []);
  });

  it('keeps what another run trusted meanwhile when it writes', async () => {
    const one = store();
    const other = store();
    assert.equal(await one.has(hash('a')), false);
    assert.equal(await other.has(hash('b')), false);
    await one.add(hash('a'), '/a');
    await other.add(hash('b'), '/b');
    const fresh = store();
    assert.deepEqual([await fresh.has(hash('a')), await fresh.has(hash('b'))], [true, true]);
  });

  it('takes a corrupt file for an empty list, says so, and replaces it on the next write', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '{ "version": 1, "trusted": [ { "sha256": ');
    const corrupt = store();
    assert.equal(await corrupt.has(hash('a')), false);
    assert.deepEqual(warnings, [`${file} is not a list of trusted workspace files; it is started afresh`]);
    await corrupt.add(hash('a'), '/a');
    assert.equal(await store().has(hash('a')), true);
  });

  it('drops entries that are not well formed and keeps the others', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify({ version: 1, trusted: [{ sha256: 'short' }, 'text', { sha256: hash('kept'), path: '/k', trustedAt: 'then' }] }));
    const loaded = store();
    assert.equal(await loaded.has(hash('kept')), true);
    assert.equal(await loaded.has('short'), false);
    assert.deepEqual(warnings, []);
  });

  it('fails to add when the list cannot be written, so the caller can say so', async () => {
    await fs.writeFile(path.join(dataFolder, 'a-file'), '');
    const blocked = new TrustedContentStore(trustStoreFile(path.join(dataFolder, 'a-file')));
    await assert.rejects(blocked.add(hash('a'), '/a'), /EEXIST|ENOTDIR/);
  });
});
