import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultAllowList } from '../../../../../src/core/permissions/commandPolicy/defaultAllowList';
import { judgeCommand } from '../../../../../src/core/permissions/commandPolicy/judgeCommand';
import { posixContext } from './fakeJudgeContexts';

/**
 * Each command line runs `touch MARKER` in real Bash though no `$(…)` is visible to a parser:
 * Bash evaluates subscripts and arithmetic in names, tests and variables' values. The first test
 * proves each one with /bin/bash, so the list stays honest; the second that Elbow asks.
 */
const attacks: Array<{ command: string; environment?: Record<string, string> }> = [
  { command: "test -v 'a[$(touch MARKER)]'" },
  { command: "[ -v 'a[$(touch MARKER)]' ]" },
  { command: "[[ -v 'a[$(touch MARKER)]' ]]" },
  { command: "test -n x -a -v 'a[$(touch MARKER)]'" },
  { command: "printf -v 'a[$(touch MARKER)]' x" },
  { command: "printf -v'a[$(touch MARKER)]' x" },
  { command: "read 'a[$(touch MARKER)]' < /dev/null" },
  { command: "declare 'a[$(touch MARKER)]=1'" },
  { command: "typeset 'a[$(touch MARKER)]=1'" },
  { command: "declare -g 'a[$(touch MARKER)]'=1" },
  { command: "a['$(touch MARKER)']=1" },
  { command: "a=(1); unset 'a[$(touch MARKER)]'" },
  { command: "declare -n r='a[$(touch MARKER)]'; echo n=$r" },
  { command: '(( x ))', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'echo $(( x ))', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'echo $(( $x ))', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'echo $[x]', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'let x', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'for ((i = x; 0; )); do :; done', environment: { x: 'a[$(touch MARKER)]' } },
  { command: '[[ x -eq 1 ]]', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'declare -i y; y=x', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'a[x]=1', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'a=([x]=1)', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'echo n=${a[x]}', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'a=(1); echo n=${a[$x]}', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'a=(1); echo n=${#a[x]}', environment: { x: 'a[$(touch MARKER)]' } },
  { command: "echo n=${a['$(touch MARKER)']}" },
  { command: 'echo n=${!x}', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 'echo n=${x@P}', environment: { x: '$(touch MARKER)' } },
  { command: 's=abc; echo n=${s:x}', environment: { x: 'a[$(touch MARKER)]' } },
  { command: 's=abc; echo n=${s:0:x}', environment: { x: 'a[$(touch MARKER)]' } },
];

const builtins = [...defaultAllowList, 'read', 'declare', 'typeset', 'local', 'export', 'readonly', 'unset', 'let', 'mapfile'];

describe('arithmetic and subscript attacks', function () {
  let folder: string;
  before(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'elbow-arithmetic-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  const bash = '/bin/bash';
  for (const [index, attack] of attacks.entries()) {
    it(`${attack.command} runs code in real Bash`, function () {
      if (!existsSync(bash)) this.skip();
      const marker = path.join(folder, `marker-${index}`);
      const withMarker = (text: string): string => text.replaceAll('MARKER', marker);
      const environment = Object.fromEntries(Object.entries(attack.environment ?? {}).map(([name, value]) => [name, withMarker(value)]));
      spawnSync(bash, ['-c', withMarker(attack.command)], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...environment }, stdio: 'ignore', timeout: 10_000 });
      assert.ok(existsSync(marker), 'Bash did not run the hidden command, so the row proves nothing');
    });

    it(`${attack.command} needs approval`, () => {
      const judgement = judgeCommand(attack.command.replaceAll('MARKER', '/tmp/marker'), posixContext({ allow: builtins }));
      assert.equal(judgement.verdict, 'ask', judgement.reasons.join('\n'));
      assert.equal(judgement.autoApprovable, false);
    });
  }

  it("runs code in dash that Bash reads as one quoted word, so sh is not judged as Bash", function () {
    const dash = ['/bin/dash', '/usr/bin/dash'].find((candidate) => existsSync(candidate));
    if (!dash || !existsSync(bash)) this.skip();
    const marker = path.join(folder, 'dash-marker');
    const commandLine = `echo $'\\' ; touch ${marker} ; echo ' # '`;
    spawnSync(bash, ['-c', commandLine], { stdio: 'ignore' });
    assert.equal(existsSync(marker), false);
    spawnSync(dash, ['-c', commandLine], { stdio: 'ignore' });
    assert.equal(existsSync(marker), true);
    assert.equal(judgeCommand(commandLine, posixContext({ shell: dash })).verdict, 'ask');
  });
});
