import assert from 'node:assert/strict';
import { allowRulesWithoutSandbox, commandsSafeWithoutSandbox } from '../../../../../src/core/permissions/commandPolicy/allowListWithoutSandbox';
import { splitCommandWords } from '../../../../../src/core/permissions/commandPolicy/commandRules';
import { defaultAllowList } from '../../../../../src/core/permissions/commandPolicy/defaultAllowList';
import { judgeCommand } from '../../../../../src/core/permissions/commandPolicy/judgeCommand';

describe('allowRulesWithoutSandbox', () => {
  /** Judging with the default allow list as cut for a machine without a sandbox. */
  const context = {
    allow: allowRulesWithoutSandbox(defaultAllowList),
    deny: [],
    cwd: '/work/project',
    classifyPath: () => 'inside' as const,
    platform: 'linux',
    shell: '/bin/bash',
  };
  it('keeps only commands of the default allow list', () => {
    const defaultCommands = new Set(defaultAllowList.map((rule) => splitCommandWords(rule)[0]));
    for (const command of commandsSafeWithoutSandbox) assert.ok(defaultCommands.has(command), command);
  });

  it('leaves out every command that can run a program or write a file', () => {
    const excluded = ['jq', 'cd', 'printf', 'test', '[', 'command', 'file', 'rg', 'find', 'sort', 'uniq', 'tree', 'date', 'shasum', 'git', 'node', 'npm', 'pnpm', 'yarn', 'python', 'python3', 'tsc', 'go', 'cargo', 'rustc', 'deno', 'bun'];
    for (const command of excluded) assert.equal(commandsSafeWithoutSandbox.has(command), false, command);
    const kept = allowRulesWithoutSandbox(defaultAllowList);
    assert.deepEqual(kept.filter((rule) => /^(?:git|find|sort|uniq|tree|file|date|rg)\b|--version$|^go version$/.test(rule)), []);
  });

  it('keeps the prefix rules of safe commands', () => {
    assert.deepEqual(allowRulesWithoutSandbox(['ls', 'cat', 'grep -rn', 'jq .', 'npm test', 'git status', '/bin/ls', 'sort', 'lsof']), ['ls', 'cat', 'grep -rn']);
  });

  it('lets no command print the environment, where the API keys are, unasked', () => {
    const allow = allowRulesWithoutSandbox(defaultAllowList);
    const context = {
      allow,
      deny: [],
      cwd: '/work/project',
      classifyPath: (absolute: string) => (absolute.startsWith('/work/project') ? ('inside' as const) : ('outside' as const)),
      platform: 'linux' as const,
      shell: '/bin/bash',
      homeDirectory: '/home/user',
    };
    for (const command of ['jq -n env', 'jq -n \'env.OPENAI_API_KEY\'', 'jq -n $ENV', 'echo $OPENAI_API_KEY', 'cat /proc/self/environ', 'grep -a KEY /proc/$$/environ']) {
      assert.equal(judgeCommand(command, context).verdict, 'ask', command);
    }
  });

  it('asks before a command reads a whole folder tree, where files .elbowignore hides may be, and no sandbox hides them', () => {
    const recursive = ['grep -r SECRET .', 'grep -rn x src', 'grep -nR x', 'egrep --recursive x', 'grep --recur x .', 'grep -d recurse x .', 'grep --directories=recurse x', 'diff -r a b', 'diff --recursive a b', 'fgrep -ir x'];
    for (const command of recursive) {
      const judgement = judgeCommand(command, { ...context, hiddenFilesUnmasked: true });
      assert.equal(judgement.verdict, 'ask', command);
      assert.match(judgement.reasons.join('\n'), /read every file under a folder/, command);
      assert.equal(judgeCommand(command, context).verdict, 'allow', `${command}: in a sandbox, which hides them`);
    }
    for (const command of ['grep -n x src/a.ts', 'grep -erd src/a.ts', 'diff a.txt b.txt']) {
      assert.equal(judgeCommand(command, { ...context, hiddenFilesUnmasked: true }).verdict, 'allow', command);
    }
  });

  it('asks before a file reader takes a file in an option\'s glued value, which no sandbox checks', () => {
    for (const command of ['wc --files0-from=link', 'du --files0-from=link', 'diff --from-file=link a.txt', 'grep --file=link a.txt']) {
      const judgement = judgeCommand(command, { ...context, hiddenFilesUnmasked: true });
      assert.equal(judgement.verdict, 'ask', command);
      assert.match(judgement.reasons.join('\n'), /value may name a file/, command);
    }
    for (const command of ['grep --color=auto x a.ts', 'wc --total=never a.txt', 'diff --unified=3 a.txt b.txt']) {
      assert.equal(judgeCommand(command, { ...context, hiddenFilesUnmasked: true }).verdict, 'allow', command);
    }
  });

  it('drops regular-expression rules, even of safe commands', () => {
    assert.deepEqual(allowRulesWithoutSandbox(['/^ls( .*)?$/', '/^cat .*/i', 'ls']), ['ls']);
  });

  it('ignores empty and malformed rules', () => {
    assert.deepEqual(allowRulesWithoutSandbox(['', '   ', 42 as unknown as string, '"ls"']), ['"ls"']);
    assert.deepEqual(allowRulesWithoutSandbox(undefined as unknown as string[]), []);
  });
});
