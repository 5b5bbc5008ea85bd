import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { hooksPathOf } from '../../../../src/core/sandbox/gitHooksPath';
import { builtinProtectedPaths, findProtectedPath, protectedPathFromSetting } from '../../../../src/core/sandbox/protectedPaths';
import { protectedPathsOfFolder } from '../../../../src/core/sandbox/workspaceProtectedPaths';
import { NodeFileSystem } from '../../../../src/node/nodeFileSystem';

describe('protected paths', () => {
  it('cover the built-in files and everything inside the built-in folders, in any case', () => {
    const found = (relative: string): string | undefined => findProtectedPath(relative, builtinProtectedPaths)?.path;
    assert.equal(found('.vscode/settings.json'), '.vscode');
    assert.equal(found('.VSCode/tasks.json'), '.vscode');
    assert.equal(found('.elbow/mcp.json'), '.elbow');
    assert.equal(found('AGENTS.md'), 'AGENTS.md');
    assert.equal(found('.envrc'), '.envrc');
    assert.equal(found('.git/hooks/pre-commit'), '.git/hooks');
    assert.equal(found('src/.git/hooks/pre-commit'), undefined, 'a nested repository is not this one');
    assert.equal(found('AGENTS.md.bak'), undefined);
    assert.equal(found('.vscodeignore'), undefined);
  });

  it('cover what coding agents read as hooks, skills, commands, agents and instructions, so a tool cannot plant one unasked', () => {
    const found = (relative: string): string | undefined => findProtectedPath(relative, builtinProtectedPaths)?.path;
    assert.equal(found('.claude/settings.json'), '.claude');
    assert.equal(found('.claude/hooks/check.sh'), '.claude');
    assert.equal(found('packages/web/.claude/commands/deploy.md'), '.claude');
    assert.equal(found('.agents/skills/deploy/SKILL.md'), '.agents');
    assert.equal(found('.github/prompts/review.prompt.md'), '.github/prompts');
    assert.equal(found('.github/agents/reviewer.agent.md'), '.github/agents');
    assert.equal(found('.github/skills/a/scripts/run.sh'), '.github/skills');
    assert.equal(found('.github/copilot-instructions.md'), '.github/copilot-instructions.md');
    assert.equal(found('docs/CLAUDE.md'), 'CLAUDE.md');
    for (const other of ['.mcp.json', '.cursor/mcp.json', '.gemini/settings.json', '.codex/config.toml', 'opencode.json', '.continue/config.yaml', 'GEMINI.md', 'CLAUDE.local.md', '.clinerules', '.clinerules/rules.md', '.github/chatmodes/x.chatmode.md']) {
      assert.notEqual(found(other), undefined, other);
    }
    assert.equal(found('.github/workflows/ci.yml'), undefined);
  });

  it('cover files that make programs run code by name in every folder', () => {
    const found = (relative: string): string | undefined => findProtectedPath(relative, builtinProtectedPaths)?.path;
    assert.equal(found('packages/lib/.npmrc'), '.npmrc');
    assert.equal(found('packages/lib/.envrc'), '.envrc');
    assert.equal(found('packages\\lib\\.yarnrc.yml'), '.yarnrc.yml');
    assert.equal(found('packages/lib/.vscode/tasks.json'), '.vscode');
    assert.equal(found('src/AGENTS.md'), 'AGENTS.md');
    assert.equal(found('a/b/.elbow/mcp.json'), '.elbow');
    assert.equal(found('vendor/x/.gitmodules'), '.gitmodules');
    assert.equal(found('.husky/pre-commit'), '.husky');
    assert.equal(found('app/.husky/pre-commit'), '.husky');
    assert.equal(found('lefthook.yml'), 'lefthook.yml');
    assert.equal(found('app/.lefthook/pre-commit/run.sh'), '.lefthook');
    assert.equal(found('.pre-commit-config.yaml'), '.pre-commit-config.yaml');
    assert.equal(found('.githooks/pre-push'), '.githooks');
    assert.equal(found('packages/lib/.env'), undefined, 'data, not code');
    assert.equal(found('packages/lib/npmrc'), undefined);
    assert.equal(found('packages/.elbowignore'), undefined);
    assert.equal(found('notes/.npmrc.md'), undefined);
  });

  it('protect the whole husky folder when git runs its hooks from husky\'s `_`', async () => {
    const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-protected-')));
    try {
      await fs.mkdir(path.join(root, '.git'));
      await fs.writeFile(path.join(root, '.git', 'config'), '[core]\n\thooksPath = config/husky/_\n');
      const paths = await protectedPathsOfFolder(root, new NodeFileSystem(), []);
      assert.equal(findProtectedPath('config/husky/pre-commit', paths)?.path, 'config/husky');
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('read additions from the setting, refusing paths that leave the folder', () => {
    assert.deepEqual(protectedPathFromSetting('./scripts/deploy/'), { path: 'scripts/deploy', kind: 'directory', why: 'your settings protect it (elbow.sandbox.protectedPaths)' });
    assert.equal(protectedPathFromSetting('Makefile')?.kind, 'file');
    assert.match(protectedPathFromSetting('project.code-workspace')?.why ?? '', /this workspace's settings, Elbow's among them/);
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../b', 'C:\\x']) assert.equal(protectedPathFromSetting(bad), undefined, bad);
  });

  it('find the hooks folder git is pointed at, and protect it when it lies in the workspace', async () => {
    assert.equal(hooksPathOf('[core]\n\trepositoryformatversion = 0\n\thooksPath = .husky # comment\n'), '.husky');
    assert.equal(hooksPathOf('[CORE]\nHOOKSPATH = "tools/git hooks"\n'), 'tools/git hooks');
    assert.equal(hooksPathOf('[remote "origin"]\n\thooksPath = nope\n'), undefined);
    const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-protected-')));
    try {
      await fs.mkdir(path.join(root, '.git'));
      await fs.writeFile(path.join(root, '.git', 'config'), '[core]\n\thooksPath = ./tools/hooks\n');
      const paths = await protectedPathsOfFolder(root, new NodeFileSystem(), ['deploy/']);
      assert.ok(paths.some((entry) => entry.path === 'tools/hooks' && entry.kind === 'directory'));
      assert.ok(paths.some((entry) => entry.path === 'deploy'));
      await fs.writeFile(path.join(root, '.git', 'config'), '[core]\n\thooksPath = /usr/share/hooks\n');
      const outside = await protectedPathsOfFolder(root, new NodeFileSystem(), []);
      assert.equal(outside.length, builtinProtectedPaths.length, 'a hooks folder outside the workspace is read-only in the sandbox anyway');
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
