import assert from 'node:assert/strict';
import { parseCliArguments, usage, UsageError } from '../../../src/cli/cliArguments';
import { defaultParallelSubagents } from '../../../src/core/agent/agentSession';
import { providerPresets } from '../../../src/core/llm/presets/providerPresets';

describe('parseCliArguments', () => {
  it('reads every flag into its field', () => {
    const parsed = parseCliArguments(['-p', 'explain', '--json', '--provider', 'anthropic', '--model', 'm', '--fallback-model', 'f1', '--fallback-model', 'f2', '--base-url', 'http://127.0.0.1:1/v1', '--azure-api-version', '2024-10-21', '--reasoning-effort', 'high', '--edit-format', 'apply_patch', '--max-turns', '7', '--stall-timeout', '0', '-y', '--mcp-config', 'a.json', '--mcp-config', 'b.json', '--mcp-questions', 'defaults', '--no-sandbox', '--allow-host', 'example.com']);
    assert.deepEqual(
      { ...parsed },
      {
        prompt: 'explain', images: [], json: true, cwd: undefined, provider: 'anthropic', model: 'm', fallbackModels: ['f1', 'f2'], baseUrl: 'http://127.0.0.1:1/v1', azureApiVersion: '2024-10-21', reasoningEffort: 'high', editFormat: 'apply_patch', maxTurns: 7,
        stallTimeoutSeconds: 0, yes: true, allowReadOutsideWorkspace: false, allowProtectedWrites: false, allowUnsandboxedCommands: false, mcpConfig: ['a.json', 'b.json'], mcpQuestions: 'defaults', trustWorkspace: false, trustCustomizations: false, noSandbox: true, workspaceMcpOutsideSandbox: false, allowHosts: ['example.com'], passEnv: [], allowRead: [], allowDomains: [], help: false, version: false,
        plan: false,
        worktree: false,
        continueSession: false,
      },
    );
  });

  it('reads -c / --continue and --resume, which --help lists', () => {
    assert.deepEqual([parseCliArguments(['-c']).continueSession, parseCliArguments(['--continue']).continueSession], [true, true]);
    assert.equal(parseCliArguments(['-p', 'x', '--resume', 'abc-1']).resume, 'abc-1');
    assert.match(usage, /-c, --continue/);
    assert.match(usage, /--resume <id>/);
    assert.match(usage, /elbow sessions/);
    assert.match(usage, /elbow export <id>/);
  });

  it('lists every provider preset with its key variable in --help', () => {
    const lines = usage.split('\n');
    for (const preset of providerPresets) {
      const line = lines.find((candidate) => candidate.trimStart().startsWith(`${preset.id} `));
      assert.ok(line?.includes(preset.label) && line.includes(preset.keyVariable ?? 'no key needed'), `${preset.id}: ${line}`);
    }
  });

  it('reads the flags that approve more than --yes, each on its own', () => {
    const parsed = parseCliArguments(['-p', 'x', '--allow-read-outside-workspace', '--allow-protected-writes', '--allow-unsandboxed-commands']);
    assert.deepEqual([parsed.yes, parsed.allowReadOutsideWorkspace, parsed.allowProtectedWrites, parsed.allowUnsandboxedCommands], [false, true, true, true]);
    assert.equal(parseCliArguments(['-p', 'x', '--allow-protected-writes']).allowReadOutsideWorkspace, false);
  });

  it('reads --pass-env and --sandbox-read, each repeatable', () => {
    const parsed = parseCliArguments(['--pass-env', 'NODE_ENV', '--pass-env', 'NPM_TOKEN', '--sandbox-read', '~/.config/tool', '--sandbox-read', '/opt/shared']);
    assert.deepEqual(parsed.passEnv, ['NODE_ENV', 'NPM_TOKEN']);
    assert.deepEqual(parsed.allowRead, ['~/.config/tool', '/opt/shared']);
  });

  it('reads --trust-customizations, which --help explains', () => {
    assert.equal(parseCliArguments(['--trust-customizations']).trustCustomizations, true);
    assert.equal(parseCliArguments([]).trustCustomizations, false);
    assert.match(usage, /--trust-customizations\n\s+use this workspace's skills, commands, agents and hooks/);
  });

  it('reads --max-parallel-subagents, which --help explains with its default', () => {
    assert.equal(parseCliArguments(['--max-parallel-subagents', '2']).maxParallelSubagents, 2);
    assert.equal('maxParallelSubagents' in parseCliArguments([]), false);
    assert.match(usage, new RegExp(`--max-parallel-subagents <n>\\n\\s+subagents \\(the model's task calls[^]*0 turns the task tool\\s+off \\(default ${defaultParallelSubagents}\\)`));
  });

  it('reads --worktree with -p, which --help explains, and refuses it without', () => {
    assert.equal(parseCliArguments(['-p', 'explain', '--worktree']).worktree, true);
    assert.throws(() => parseCliArguments(['--worktree']), (error: unknown) => error instanceof UsageError && /--worktree goes with -p/.test(error.message));
    assert.match(usage, /--worktree\s+with -p: run in a new git worktree/);
  });

  it('reads --plan', () => {
    assert.equal(parseCliArguments(['-p', 'explain', '--plan']).plan, true);
  });

  it('refuses a bad value with a message naming the flag and what it takes', () => {
    const refusals: Array<[string[], RegExp]> = [
      [['--max-turns', '0'], /--max-turns must be a whole number of at least 1, got "0"/],
      [['--max-turns', '2.5'], /--max-turns must be a whole number/],
      [['--reasoning-effort', 'extreme'], /--reasoning-effort must be one of default, off, low, medium, high, got "extreme"/],
      [['--stall-timeout=-1'], /--stall-timeout must be a number of seconds \(0 to wait forever\), got "-1"/],
      [['--stall-timeout', ' '], /--stall-timeout must be a number of seconds/],
      [['-p', '  '], /-p needs a prompt/],
      [['--unknown'], /Unknown option '--unknown'/],
    ];
    for (const [argv, message] of refusals) {
      assert.throws(() => parseCliArguments(argv), (error: unknown) => error instanceof UsageError && message.test(error.message), argv.join(' '));
    }
  });
});
