import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { trustsNothing, type CustomizationFile, type CustomizationReader } from '../../../../src/core/customize/customizationFile';
import { matcherCoversTool } from '../../../../src/core/customize/hookMatcher';
import { loadHooks, parseHookSettings } from '../../../../src/core/customize/hookSettings';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const fixture = path.resolve(__dirname, '../../../fixtures/customize/claude-project/.claude/settings.json');

function fileOf(text: string, origin: CustomizationFile['origin'] = 'workspace'): CustomizationFile {
  return { path: '/ws/.claude/settings.json', origin, text, sha256: 'x', trusted: false };
}

async function readerOf(workspace: TempWorkspace, homeDirectory?: string): Promise<CustomizationReader> {
  const { host } = workspace;
  return { files: host.files, workspaceRoots: host.workspaceRoots, homeDirectory, workspaceAllowed: await new Workspace(host).containmentCheck(), trust: trustsNothing };
}

describe('hook settings', () => {
  it('reads a Claude Code project settings file unchanged: every hook, its matcher and timeout, no problem', async () => {
    const parsed = parseHookSettings(fileOf(await fs.readFile(fixture, 'utf8')));
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(
      parsed.hooks.map(({ event, matcher, command, timeout }) => ({ event, matcher, command, timeout })),
      [
        { event: 'PreToolUse', matcher: 'Bash', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-command.sh', timeout: 30 },
        { event: 'PostToolUse', matcher: 'Edit|MultiEdit|Write', command: 'npx prettier --check .', timeout: undefined },
        { event: 'UserPromptSubmit', matcher: undefined, command: 'echo "Current branch: $(git branch --show-current)"', timeout: undefined },
        { event: 'Stop', matcher: undefined, command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/tests-pass.sh', timeout: undefined },
      ],
    );
  });

  it('names each problem with its line and rule, and keeps the good hooks', () => {
    const text = [
      '{', // 1
      '  // comments are read, as in settings.json files edited in VS Code', // 2
      '  "hooks": {', // 3
      '    "BeforeEverything": [],', // 4
      '    "SubagentStop": [],', // 5
      '    "PreToolUse": [', // 6
      '      { "matcher": "Bash", "hooks": [{ "type": "prompt", "prompt": "judge" }] },', // 7
      '      { "matcher": "(", "hooks": [{ "type": "command", "command": "x" }] },', // 8
      '      { "matcher": "Bash", "hooks": [{ "type": "command" }] },', // 9
      '      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "ok", "timeout": -1 }] },', // 10
      '      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "good" }] }', // 11
      '    ],', // 12
      '    "Stop": { "hooks": [] }', // 13
      '  }', // 14
      '}', // 15
    ].join('\n');
    const parsed = parseHookSettings(fileOf(text));
    assert.deepEqual(parsed.hooks.map((hook) => hook.command), ['good']);
    assert.deepEqual(
      parsed.problems.map(({ line, rule }) => [line, rule]),
      [
        [4, 'unknown hook event "BeforeEverything"'],
        [5, 'Elbow does not run SubagentStop hooks; they are ignored'],
        [7, 'Elbow runs only "command" hooks, not "prompt"'],
        [8, '"matcher" is not a valid regular expression: ('],
        [9, 'a command hook needs "command", the command line to run'],
        [10, '"timeout" must be a positive number of seconds'],
        [13, '"Stop" must be a list of { "matcher", "hooks" } entries'],
      ],
    );
  });

  it('says where JSON that does not parse goes wrong, and reads nothing from it', () => {
    const parsed = parseHookSettings(fileOf('{\n  "hooks": {\n    "Stop": [\n  }\n'));
    assert.deepEqual(parsed.hooks, []);
    assert.ok(parsed.problems.length > 0);
    assert.equal(parsed.problems[0]?.line, 4);
    assert.match(parsed.problems[0]?.rule ?? '', /not valid JSON/);
  });

  it('reads .elbow/ and .claude/ settings of the workspace, untrusted, and the home folder\'s as the user\'s', async () => {
    const hook = (command: string): string => JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } });
    const workspace = await createTempWorkspace({
      '.elbow/settings.json': hook('elbow'),
      '.claude/settings.json': hook('claude'),
      '.claude/settings.local.json': hook('local'),
      '../home/.claude/settings.json': hook('mine'),
    });
    try {
      const loaded = await loadHooks(await readerOf(workspace, path.join(workspace.base, 'home')));
      assert.deepEqual(loaded.problems, []);
      assert.deepEqual(loaded.hooks.map((entry) => [entry.command, entry.file.origin, entry.file.trusted]), [
        ['elbow', 'workspace', false],
        ['claude', 'workspace', false],
        ['local', 'workspace', false],
        ['mine', 'user', true],
      ]);
    } finally {
      await workspace.cleanup();
    }
  });
});

describe('hook matchers', () => {
  it('match Elbow\'s tool names and Claude Code\'s for them', () => {
    assert.equal(matcherCoversTool('Bash', 'run_command'), true);
    assert.equal(matcherCoversTool('run_command', 'run_command'), true);
    assert.equal(matcherCoversTool('Bash', 'edit_file'), false);
    assert.equal(matcherCoversTool('Edit|Write', 'apply_patch'), true);
    assert.equal(matcherCoversTool('Edit|Write', 'write_file'), true);
    assert.equal(matcherCoversTool('Edit|Write', 'read_file'), false);
    assert.equal(matcherCoversTool('MultiEdit', 'edit_file'), true);
  });

  it('take a whole-name regular expression; `*`, empty or none match every tool', () => {
    assert.equal(matcherCoversTool('Edit', 'MultiEdit'), false, 'a plain name is exact');
    assert.equal(matcherCoversTool('mcp__github__.*', 'mcp__github__create_issue'), true);
    assert.equal(matcherCoversTool('mcp__github__.*', 'mcp__gitlab__create_issue'), false);
    assert.equal(matcherCoversTool('Web.*', 'fetch_url'), true);
    for (const all of ['*', '', undefined]) assert.equal(matcherCoversTool(all, 'search'), true, String(all));
  });
});
