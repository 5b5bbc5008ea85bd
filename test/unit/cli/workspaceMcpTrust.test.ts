import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AskLine } from '../../../src/cli/cliApprovals';
import { TrustedContentStore, trustStoreFile } from '../../../src/cli/trustedContentStore';
import { WorkspaceMcpTrust } from '../../../src/cli/workspaceMcpTrust';
import type { McpConfigFile } from '../../../src/core/mcp/mcpServerConfig';

describe('WorkspaceMcpTrust: the terminal\'s trust in the workspace\'s MCP configuration', () => {
  let base: string;
  let file: McpConfigFile;
  let errors: string[];
  let questions: string[];
  const signal = new AbortController().signal;
  const content = JSON.stringify({ mcpServers: { tool: { command: 'node', args: ['tool.js'] } } });

  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-workspace-trust-'));
    file = { path: path.join(base, 'ws', '.elbow', 'mcp.json'), kind: 'workspace', display: '.elbow/mcp.json', workspaceFolder: path.join(base, 'ws') };
    await fs.mkdir(path.dirname(file.path), { recursive: true });
    await fs.writeFile(file.path, content);
    errors = [];
    questions = [];
  });
  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  function trust(options: { trustAll?: boolean; store?: TrustedContentStore; answers?: Array<string | undefined> } = {}): WorkspaceMcpTrust {
    const created = new WorkspaceMcpTrust({
      store: options.store ?? new TrustedContentStore(trustStoreFile(path.join(base, 'data'))),
      files: () => [file],
      trustAll: options.trustAll ?? false,
      writeErr: (text) => errors.push(text),
    });
    const answers = options.answers;
    if (answers !== undefined) {
      const askLine: AskLine = async (question) => {
        questions.push(question);
        return answers.shift();
      };
      created.attach(askLine);
    }
    return created;
  }
  const bytes = async (): Promise<Buffer> => fs.readFile(file.path);

  it('asks again after a cancelled question (Ctrl-C), and trusts nothing meanwhile', async () => {
    const asking = trust({ answers: [undefined, 'y'] });
    assert.equal(await asking.review(signal), false);
    assert.equal(await asking.trusts(file, await bytes()), false);
    assert.equal(await asking.review(signal), true);
    assert.equal(questions.length, 2);
    assert.equal(await asking.trusts(file, await bytes()), true);
  });

  it('does not ask about a file that would start nothing', async () => {
    await fs.writeFile(file.path, JSON.stringify({ mcpServers: { off: { command: 'node', disabled: true } } }));
    const asking = trust({ answers: ['y'] });
    assert.equal(await asking.review(signal), false);
    await fs.writeFile(file.path, '{ not json');
    assert.equal(await asking.review(signal), false);
    assert.deepEqual(questions, []);
    assert.deepEqual(errors, []);
  });

  it('trusts everything with --trust-workspace, without asking or remembering', async () => {
    const all = trust({ trustAll: true, answers: [] });
    assert.equal(await all.review(signal), false);
    assert.equal(await all.trusts(file, await bytes()), true);
    assert.deepEqual(questions, []);
    assert.equal(await fs.stat(trustStoreFile(path.join(base, 'data'))).catch(() => undefined), undefined);
  });

  it('carries trust over Elbow\'s own change to a trusted file, but not to a file that was not trusted', async () => {
    const asking = trust({ answers: ['y'] });
    const untrustedBefore = Buffer.from('{ "mcpServers": {} }');
    const changed = Buffer.from(`${content}\n`);
    await asking.carryOver(file, untrustedBefore, changed);
    assert.equal(await asking.trusts(file, changed), false, 'an untrusted file does not become trusted by an edit');

    await asking.review(signal);
    await asking.carryOver(file, await bytes(), changed);
    assert.equal(await asking.trusts(file, changed), true);
    assert.equal(await trust().trusts(file, changed), true, 'and a later run remembers it');
  });

  it('trusts the file for this run when the list cannot be written, and says so', async () => {
    await fs.writeFile(path.join(base, 'blocked'), '');
    const asking = trust({ store: new TrustedContentStore(trustStoreFile(path.join(base, 'blocked'))), answers: ['yes'] });
    assert.equal(await asking.review(signal), true);
    assert.equal(await asking.trusts(file, await bytes()), true);
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /^elbow: trusted \.elbow\/mcp\.json for this run only: could not remember it \(.+\)\.\n$/);
  });
});
