import assert from 'node:assert/strict';
import { defaultAllowList } from '../../../../../src/core/permissions/commandPolicy/defaultAllowList';
import { judgeCommand, type JudgeContext, type Verdict } from '../../../../../src/core/permissions/commandPolicy/judgeCommand';
import { posixContext, projectRoot } from './fakeJudgeContexts';

/** Builtins that evaluate subscripts, allowed here so that only the hazard itself can make them ask. */
const builtins = { allow: [...defaultAllowList, 'read', 'declare', 'typeset', 'local', 'export', 'readonly', 'unset', 'let', 'mapfile'] };

describe('judgeCommand against known bypasses', () => {
  const cases: Array<[commandLine: string, expected: Verdict, context?: Partial<JudgeContext>]> = [
    // GNU getopt_long and git's parse-options take any unambiguous start of a long option.
    ['sort --compress-prog=sh in.txt', 'ask'],
    ['sort --compress-program=sh in.txt', 'ask'],
    ['sort --out=copy.txt in.txt', 'ask'],
    ['sort --o=copy.txt in.txt', 'ask'],
    ['date --se=12:00', 'ask'],
    ['file --comp -m magic', 'ask'],
    ['sed --in-pl -e s/a/b/ f.txt', 'ask', { allow: ['sed'] }],
    ['git grep --open-files-in=vim foo', 'ask'],
    ['git ls-remote --upload=sh .', 'ask', { allow: ['git ls-remote'] }],
    ['git grep -nOvim foo', 'ask'],
    ['tree -ao out.txt', 'ask'],
    ['sort --reverse --unique in.txt', 'allow'],
    ['git log --oneline --stat', 'allow'],
    ['git diff --no-ext-diff', 'allow'],
    // ripgrep takes long options only whole: `--pr` is an error, not `--pre`.
    ['rg --pr foo', 'allow'],
    ['date -Iseconds', 'allow'],
    // Values glued to short options.
    ['grep -f/home/me/.ssh/id_rsa x', 'ask'],
    ['grep -f../patterns.txt foo', 'ask'],
    ['grep -fsecret/key.pem x', 'ask'],
    ['grep -f.env x', 'ask'],
    ['grep -rnfsecret/key.pem x', 'ask'],
    ['grep -f~/patterns x', 'ask'],
    ['sort -o/tmp/x in.txt', 'ask'],
    ['ls -la', 'allow'],
    ['tail -n5 a.txt', 'allow'],
    ['git log -n5', 'allow'],
    ['grep -fpatterns.txt src', 'allow'],
    ['cut -d/ -f2 a.txt', 'allow'],
    ['sort -t/ -k2 a.txt', 'allow'],
    // Folder changes that no argument shows, and the home folder.
    ['cd; cat .ssh/id_rsa', 'ask'],
    ['cd && cat .ssh/id_rsa', 'ask'],
    ['cd -- && cat .ssh/id_rsa', 'ask'],
    ['cd -P', 'ask'],
    ['cd - && cat .ssh/id_rsa', 'ask'],
    ['cd ~ && cat .ssh/id_rsa', 'ask'],
    ['cat ~/src/a.ts', 'ask', { homeDirectory: projectRoot }],
    ['cd ~', 'ask', { homeDirectory: projectRoot }],
    ['cat ~/.env', 'deny', { homeDirectory: projectRoot }],
    ['cd src && ls', 'allow'],
    ['cd -P src && ls', 'allow'],
    // Loop words are the arguments of the loop's commands.
    ['for f in secret; do grep -r x "$f"; done', 'ask'],
    ['for f in src; do grep -r x "$f"; done', 'allow'],
    // Only Bash is parsed: dash reads `$'\'` as `$` and a quoted backslash, and runs what follows.
    ["echo $'\\' ; touch /tmp/pwned ; echo ' # '", 'allow'],
    ["echo $'\\' ; touch /tmp/pwned ; echo ' # '", 'ask', { shell: '/bin/sh' }],
    ["echo $'\\' ; rm -rf x ; echo ' # '", 'deny', { shell: '/bin/dash' }],
    ['ls', 'allow', { shell: '/bin/sh' }],
    ['ls -la src', 'allow', { shell: '/usr/bin/zsh' }],
    ['git log --oneline -5 HEAD~1', 'allow', { shell: '/bin/ksh' }],
    ['ls; rm x', 'deny', { shell: '/bin/sh' }],
    ['ls && cat a.ts', 'ask', { shell: '/bin/sh' }],
    ["echo 'x'", 'ask', { shell: '/usr/bin/zsh' }],
    ['cat *.ts', 'ask', { shell: '/bin/sh' }],
    ['=rm x', 'ask', { shell: '/usr/bin/zsh' }],
    ['noglob rm x', 'deny', { shell: '/usr/bin/zsh' }],
    ['and rm x', 'deny', { shell: '/usr/bin/fish' }],
    ['sudo rm x', 'deny', { shell: '/bin/sh' }],
    ['sh -c ls', 'ask', { shell: '/bin/sh', allow: ['sh'] }],
    ['eval ls', 'ask', { shell: '/bin/sh', allow: ['eval'] }],
    ['PATH=/tmp ls', 'ask', { shell: '/bin/sh', allow: ['PATH=/tmp ls'] }],
    ['cat secret/key.pem', 'deny', { shell: '/bin/sh' }],
    ['cat ../x', 'ask', { shell: '/bin/mksh' }],
    ['cat ~/.ssh/id_rsa', 'ask', { shell: '/bin/sh' }],
    ['cd', 'ask', { shell: '/bin/sh' }],
    ['find . -delete', 'ask', { shell: '/bin/sh' }],
    ['let x', 'ask', { shell: '/bin/ksh', allow: ['let'] }],
    ["sh -c 'echo $'\\''\\'\\'' ; rm x ; echo '\\'' # '\\'''", 'deny'],
    // Arithmetic and name arguments evaluate subscripts, `a[$(cmd)]`, even from single quotes or variables.
    ["test -v 'a[$(touch /tmp/x)]'", 'ask'],
    ["[ -v 'a[$(id)]' ]", 'ask'],
    ["test -n x -a -v 'a[$(id)]'", 'ask'],
    ["[[ -v 'a[$(id)]' ]]", 'ask'],
    ["printf -v 'a[$(id)]' x", 'ask'],
    ["printf -v'a[$(id)]' x", 'ask'],
    ["read 'a[$(id)]'", 'ask', builtins],
    ["declare 'a[$(id)]=1'", 'ask', builtins],
    ["typeset 'a[$(id)]=1'", 'ask', builtins],
    ["local 'a[$(id)]=1'", 'ask', builtins],
    ["export 'a[$(id)]'", 'ask', builtins],
    ["unset 'a[$(id)]'", 'ask', builtins],
    ["mapfile 'a[$(id)]'", 'ask', builtins],
    ['declare -i y=x', 'ask', builtins],
    ["declare -n r='a[0]'", 'ask', builtins],
    ['(( x ))', 'ask'],
    ['echo $(( x ))', 'ask'],
    ['echo "$(( x + 1 ))"', 'ask'],
    ['echo $(( $x ))', 'ask'],
    ['echo $[x]', 'ask'],
    ['let x', 'ask', builtins],
    ['for ((i = x; i < 3; i++)); do :; done', 'ask'],
    ['echo n=${a[x]}', 'ask'],
    ['echo "n=${a[$x]}"', 'ask'],
    ["echo n=${a['$(id)']}", 'ask'],
    ['echo n=${#a[x]}', 'ask'],
    ['echo n=${!x}', 'ask'],
    ['echo n=${x@P}', 'ask'],
    ['echo n=${s:x}', 'ask'],
    ['echo n=${s:0:x}', 'ask'],
    ['echo n=${x:-${a[x]}}', 'ask'],
    ['[[ x -eq 1 ]]', 'ask'],
    ["a['$(id)']=1", 'ask'],
    ['a[x]=1', 'ask'],
    ['a=([x]=1)', 'ask'],
    ['echo $(( 1 + 2 ))', 'allow'],
    ['(( 1 < 2 ))', 'allow'],
    ['[[ 1 -eq 1 && -f package.json ]]', 'allow'],
    ['echo "n=${a[0]} ${a[@]} ${#a[@]} ${!a[@]}"', 'allow'],
    ['echo "n=${s:1:2}"', 'allow'],
    ['test -v HOME', 'allow'],
    ["printf '%s' 'a[$(id)]'", 'allow'],
    ['a=(1 2); a[1]=3', 'allow'],
    ['[ x -eq 1 ]', 'allow'],
    ['export FOO=bar[1]', 'allow', { allow: ['export'] }],
  ];

  for (const [commandLine, expected, overrides] of cases) {
    const label = JSON.stringify(commandLine) + (overrides ? ` with ${JSON.stringify(overrides).slice(0, 80)}` : '');
    it(`${label} → ${expected}`, () => {
      const judgement = judgeCommand(commandLine, posixContext(overrides));
      assert.equal(judgement.verdict, expected, judgement.reasons.join('\n'));
      if (expected === 'ask') assert.equal(judgement.autoApprovable, false, 'a bypass must not be auto-approvable');
    });
  }
});
