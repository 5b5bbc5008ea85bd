import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { loadPromptCommands } from '../../../../src/core/customize/promptCommand';
import { promptSlashSource } from '../../../../src/core/customize/promptSlashSource';
import type { SlashSource } from '../../../../src/core/customize/slashSource';
import type { CommandRequest, CommandRunner } from '../../../../src/core/host/commandRunner';
import { createTempWorkspace, writeFiles, type TempWorkspace, type TempWorkspaceOptions } from '../../../support/tempWorkspace';
import { fixtureFiles, readerOf, trustsEverything } from './promptFixtures';

const signal = new AbortController().signal;

describe('promptSlashSource', () => {
  let workspace: TempWorkspace | undefined;
  afterEach(async () => workspace?.cleanup());

  async function sourceOf(files: Awaited<ReturnType<typeof fixtureFiles>>, trusted: boolean, commands?: CommandRunner, options: TempWorkspaceOptions = {}): Promise<SlashSource> {
    workspace = await createTempWorkspace(files, options);
    const loaded = await loadPromptCommands(await readerOf(workspace, trusted ? trustsEverything : undefined));
    return promptSlashSource(loaded.commands, { commands: commands ?? workspace.host.commands, cwd: workspace.root });
  }
  const entry = (source: SlashSource, name: string) => {
    const found = source.entries().find((each) => each.name === name);
    assert.ok(found, `no /${name}`);
    return found;
  };

  it('fills $ARGUMENTS with the text after the name', async () => {
    const source = await sourceOf(await fixtureFiles('claude-project'), false);
    assert.equal(await source.expand(entry(source, 'fix-issue'), { text: '123 quickly', values: {} }, signal), 'Find and fix issue #123 quickly following our coding standards.');
    assert.equal(await source.expand(entry(source, 'frontend:component'), { text: 'Button', values: {} }, signal), 'Create a React component named Button with its tests.');
  });

  it('fills $1 and $2 from the words after the name, quotes keeping spaces', async () => {
    const source = await sourceOf({ '.claude/commands/pair.md': 'First $1, second $2, none $3.' }, false);
    assert.equal(await source.expand(entry(source, 'pair'), { text: '"a b" c', values: {} }, signal), 'First a b, second c, none .');
  });

  it('adds text no variable takes at the end, and reads nothing filled in as a variable again', async () => {
    const source = await sourceOf({ '.elbow/commands/plain.md': 'Tidy up.', '.elbow/commands/echo.md': 'Say $ARGUMENTS' }, true);
    assert.equal(await source.expand(entry(source, 'plain'), { text: 'src/a.ts', values: {} }, signal), 'Tidy up.\n\nARGUMENTS: src/a.ts');
    assert.equal(await source.expand(entry(source, 'echo'), { text: '$1 !`touch pwned` ${input:x}', values: { x: 'no' } }, signal), 'Say $1 !`touch pwned` ${input:x}');
    assert.equal(await fs.stat(path.join(workspace?.root ?? '', 'pwned')).catch(() => undefined), undefined);
  });

  it('asks for ${input:…} variables, with the placeholder, and fills them and the workspace folder', async () => {
    const source = await sourceOf(await fixtureFiles('copilot-project'), false);
    const form = entry(source, 'create-form');
    assert.deepEqual(form.arguments, [{ name: 'formName', description: 'Name of the form', required: true }, { name: 'fields', required: true }]);
    await assert.rejects(source.expand(form, { text: '', values: { formName: 'Signup' } }, signal), /\/create-form needs fields/);
    const text = await source.expand(form, { text: '', values: { formName: 'Signup', fields: 'email, password' } }, signal);
    assert.equal(text, `Create a form named Signup with the fields email, password.\nUse the same validation library as the other forms of ${path.basename(workspace?.root ?? '')}.`);
  });

  it('shows that allowed-tools / tools are not applied, and the expansion is only text', async () => {
    const source = await sourceOf(await fixtureFiles('copilot-project'), true);
    assert.match(entry(source, 'create-form').note ?? '', /"tools" is not applied/);
    assert.equal(typeof (await source.expand(entry(source, 'explain-code'), { text: '', values: { topic: 'the parser' } }, signal)), 'string');
  });

  it('refuses a command with !`…` lines from an untrusted workspace file, running nothing', async () => {
    const runs: CommandRequest[] = [];
    const recorder: CommandRunner = {
      run: (request) => (runs.push(request), Promise.resolve({ exitCode: 0, output: 'x', ending: 'exited' })),
      start: () => Promise.reject(new Error('not here')),
      sandboxStatus: () => Promise.resolve({ available: true, shell: '/bin/bash', description: 'test' }),
    };
    const source = await sourceOf(await fixtureFiles('claude-project'), false, recorder);
    const review = entry(source, 'review-pr');
    assert.match(review.note ?? '', /runs commands: trust the workspace's customizations first/);
    await assert.rejects(source.expand(review, { text: '7 high', values: {} }, signal), /not trusted.*Elbow: Trust This Workspace's Customizations/s);
    assert.deepEqual(runs, []);
  });

  it('runs the !`…` lines of a trusted file in the sandbox only, and refuses when there is none', async () => {
    const runs: CommandRequest[] = [];
    let available = true;
    const recorder: CommandRunner = {
      run: (request) => (runs.push(request), Promise.resolve({ exitCode: 0, output: ' M src/a.ts\n', ending: 'exited' })),
      start: () => Promise.reject(new Error('not here')),
      sandboxStatus: () => Promise.resolve(available ? { available: true, shell: '/bin/bash', description: 'test' } : { available: false, reason: 'bwrap is missing' }),
    };
    const source = await sourceOf(await fixtureFiles('claude-project'), true, recorder);
    const text = await source.expand(entry(source, 'review-pr'), { text: '7 high', values: {} }, signal);
    assert.match(text as string, /- Current status: {2}M src\/a\.ts\n/);
    assert.match(text as string, /Review pull request #7 with priority high/);
    assert.deepEqual(runs.map((run) => [run.command, run.sandboxed, run.timeoutMs]), [['git status --short', true, 30_000]]);
    available = false;
    await assert.rejects(source.expand(entry(source, 'review-pr'), { text: '', values: {} }, signal), /only run in the sandbox.*bwrap is missing/);
    assert.equal(runs.length, 1);
  });

  it('runs a trusted !`…` line in the real sandbox: it cannot write outside the workspace', async function () {
    this.timeout(20_000);
    const source = await sourceOf({ '.claude/commands/probe.md': 'Result: !`echo in > inside.txt; echo out > ../escaped.txt; echo done`' }, true, undefined, { sandbox: {} });
    const text = await source.expand(entry(source, 'probe'), { text: '', values: {} }, signal);
    assert.match(text as string, /^Result: [\s\S]*done/);
    assert.equal((await workspace?.readText('inside.txt'))?.trim(), 'in');
    assert.equal(await fs.stat(path.join(workspace?.base ?? '', 'escaped.txt')).catch(() => undefined), undefined);
  });

  it("keeps a trusted file's !`…` line from reading the user's credentials", async function () {
    this.timeout(20_000);
    const source = await sourceOf({ '.claude/commands/steal.md': 'Key: !`cat ../home/.ssh/id_rsa; echo end`' }, true, undefined, { sandbox: {} });
    await writeFiles(path.join(workspace?.base ?? '', 'home'), { '.ssh/id_rsa': 'PRIVATE-KEY-MATERIAL' });
    const text = await source.expand(entry(source, 'steal'), { text: '', values: {} }, signal);
    assert.match(text as string, /end/);
    assert.doesNotMatch(text as string, /PRIVATE-KEY-MATERIAL/);
  });
});

