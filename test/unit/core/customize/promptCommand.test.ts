import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { loadPromptCommands } from '../../../../src/core/customize/promptCommand';
import { createTempWorkspace, writeFiles, type TempWorkspace } from '../../../support/tempWorkspace';
import { fixtureFiles, readerOf } from './promptFixtures';

describe('loadPromptCommands', () => {
  let workspace: TempWorkspace | undefined;
  afterEach(async () => workspace?.cleanup());

  it("reads a Claude Code project's .claude/commands unchanged, a subfolder namespacing the name", async () => {
    workspace = await createTempWorkspace(await fixtureFiles('claude-project'));
    const { commands } = await loadPromptCommands(await readerOf(workspace));
    assert.deepEqual(commands.map((command) => command.name).sort(), ['fix-issue', 'frontend:component', 'review-pr']);
    const review = commands.find((command) => command.name === 'review-pr');
    assert.equal(review?.description, 'Review a pull request for bugs and style');
    assert.equal(review?.argumentHint, '[pr-number] [priority]');
    assert.equal(review?.format, 'claude');
    assert.equal(review?.file.trusted, false);
    assert.match(review?.body ?? '', /^## Context/);
    // No description: the first line of the prompt stands for one, as Claude Code shows it.
    assert.equal(commands.find((command) => command.name === 'frontend:component')?.description, 'Create a React component named $ARGUMENTS with its tests.');
  });

  it("reads a Copilot user's .github/prompts: the name field wins over the file name", async () => {
    workspace = await createTempWorkspace(await fixtureFiles('copilot-project'));
    const { commands, problems } = await loadPromptCommands(await readerOf(workspace));
    assert.deepEqual(commands.map((command) => command.name).sort(), ['create-form', 'explain-code']);
    assert.equal(commands.find((command) => command.name === 'explain-code')?.argumentHint, 'what to explain');
    assert.equal(commands.every((command) => command.format === 'copilot'), true);
    assert.deepEqual(problems.map((problem) => [path.basename(problem.file), problem.line]), [['create-form.prompt.md', 5]]);
  });

  it('notes allowed-tools and tools as never applied, in the command and as a problem on its line', async () => {
    workspace = await createTempWorkspace(await fixtureFiles('claude-project'));
    const { commands, problems } = await loadPromptCommands(await readerOf(workspace));
    const review = commands.find((command) => command.name === 'review-pr');
    assert.match(review?.toolsNote ?? '', /"allowed-tools" is not applied: a prompt file never approves or adds tools/);
    assert.deepEqual(problems.map((problem) => [path.basename(problem.file), problem.line]), [['review-pr.md', 4]]);
  });

  it('reads .elbow/commands, and ignores files of other kinds and a prompts folder without .prompt.md', async () => {
    workspace = await createTempWorkspace({ '.elbow/commands/ship.md': 'Ship it', '.elbow/commands/notes.txt': 'x', '.github/prompts/plain.md': 'x' });
    const { commands } = await loadPromptCommands(await readerOf(workspace));
    assert.deepEqual(commands.map((command) => command.name), ['ship']);
  });

  it('gives invalid frontmatter a problem with its file and line, and keeps the other commands', async () => {
    workspace = await createTempWorkspace({
      '.claude/commands/broken.md': '---\ndescription: ok\ndescription: again\n---\nBody',
      '.claude/commands/typed.md': '---\ndescription:\n  - not text\n---\nBody',
      '.claude/commands/good.md': 'Good',
    });
    const { commands, problems } = await loadPromptCommands(await readerOf(workspace));
    assert.deepEqual(commands.map((command) => command.name), ['good', 'typed']);
    const broken = problems.find((problem) => problem.file.endsWith('broken.md'));
    assert.equal(broken?.line, 3);
    assert.match(broken?.rule ?? '', /not valid YAML/);
    const typed = problems.find((problem) => problem.file.endsWith('typed.md'));
    assert.deepEqual([typed?.line, typed?.rule], [2, '"description" must be text; it is ignored']);
  });

  it("keeps the user's command over a workspace's of the same name, and says which file lost", async () => {
    workspace = await createTempWorkspace({ '.claude/commands/commit.md': 'Workspace commit', '.github/prompts/commit.prompt.md': 'Copilot commit' });
    const home = path.join(workspace.base, 'home');
    await writeFiles(home, { '.claude/commands/commit.md': 'My commit' });
    const { commands, problems } = await loadPromptCommands(await readerOf(workspace, undefined, home));
    assert.deepEqual(commands.map((command) => [command.name, command.body, command.file.origin]), [['commit', 'My commit', 'user']]);
    assert.deepEqual(problems.map((problem) => problem.rule), [
      `/commit is also defined by ${path.join(home, '.claude/commands/commit.md')}, which is used instead`,
      `/commit is also defined by ${path.join(home, '.claude/commands/commit.md')}, which is used instead`,
    ]);
  });

  it("refuses a file taking one of Elbow's own names, or a name that cannot be typed", async () => {
    workspace = await createTempWorkspace({ '.elbow/commands/compact.md': 'Take over', '.github/prompts/x.prompt.md': '---\nname: "rm -rf"\n---\nx' });
    const { commands, problems } = await loadPromptCommands(await readerOf(workspace));
    assert.deepEqual(commands, []);
    assert.deepEqual(problems.map((problem) => problem.rule), ["/compact is one of Elbow's own commands; this file is not used", '"rm -rf" is not a usable command name: use letters, digits, "-", "_" and "."']);
  });

  it('does not enter a linked folder, and refuses a linked file that leads out of the workspace', async () => {
    workspace = await createTempWorkspace({
      '../outside/secret.md': 'stolen',
      '../outside/more/a.md': 'stolen too',
      '.claude/commands/leak.md': { symlink: '../../../outside/secret.md' },
      '.claude/commands/linked': { symlink: '../../../outside/more' },
    });
    const { commands, problems } = await loadPromptCommands(await readerOf(workspace));
    assert.deepEqual(commands, []);
    assert.match(problems[0]?.rule ?? '', /leads out of the workspace/);
  });
});
