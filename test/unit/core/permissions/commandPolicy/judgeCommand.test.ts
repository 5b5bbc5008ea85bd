import assert from 'node:assert/strict';
import { judgeCommand, type JudgeContext, type Verdict } from '../../../../../src/core/permissions/commandPolicy/judgeCommand';
import { posixContext, windowsContext } from './fakeJudgeContexts';

describe('judgeCommand', () => {
  describe('verdicts', () => {
    const cases: Array<[commandLine: string, expected: Verdict, context?: Partial<JudgeContext>]> = [
      // Plain allowed commands and rules by whole words.
      ['ls', 'allow'],
      ['ls -la src', 'allow'],
      ['git status', 'allow'],
      ['git status -s', 'allow'],
      ['git statusx', 'ask'],
      ['git stat', 'ask'],
      ['git log --oneline -5 origin/main', 'allow'],
      ['npm test', 'allow'],
      ['npm test -- --grep parser', 'allow'],
      ['npm run build', 'ask'],
      ['cat src/a.ts | grep foo | wc -l', 'allow'],
      ['grep -rn TODO src && echo done', 'allow'],
      ['for f in src/*.ts; do wc -l "$f"; done', 'allow'],
      ['/bin/ls', 'ask'],
      ['sudo ls', 'ask'],
      // Chaining and injection.
      ['ls; rm -rf /', 'deny'],
      ['ls && rm x', 'deny'],
      ['ls || rm x', 'deny'],
      ['ls\nrm x', 'deny'],
      ['ls | sh', 'ask'],
      ['ls |& rm x', 'deny'],
      ['ls & rm x', 'deny'],
      ['ls $(rm x)', 'deny'],
      ['ls $(pwd)', 'ask'],
      ['echo "$(rm x)"', 'deny'],
      ['echo "$(ls)"', 'ask'],
      ['echo `rm x`', 'deny'],
      ['echo `ls`', 'ask'],
      ["echo '$(rm x)'", 'allow'],
      ["echo '`rm x`'", 'allow'],
      ['cat <(rm x)', 'deny'],
      ['cat <(ls)', 'ask'],
      ['ls >(cat)', 'ask'],
      ['echo $(( $(rm x) + 1 ))', 'deny'],
      ['cat <<EOF\n$(rm x)\nEOF', 'deny'],
      ['cat <<EOF\n$(ls)\nEOF', 'ask'],
      ["cat <<'EOF'\n$(rm x)\nEOF", 'allow'],
      ['cat <<< "$(ls)"', 'ask'],
      // Redirections.
      ['ls > out.txt', 'ask'],
      ['ls >> out.txt', 'ask'],
      ['ls &> out.txt', 'ask'],
      ['ls >| out.txt', 'ask'],
      ['ls >& out.txt', 'ask'],
      ['ls 2>&1', 'allow'],
      ['ls > /dev/null', 'allow'],
      ['ls 2>/dev/null | head -5', 'allow'],
      ['cat < src/a.ts', 'allow'],
      ['cat < secret/key.pem', 'deny'],
      ['ls > secret/out.txt', 'deny'],
      ['(cd src && ls) > listing.txt', 'ask'],
      // Deny rules through disguises and wrappers.
      ['git status; git push --force', 'deny'],
      ['git -C src push', 'deny'],
      ['/bin/rm x', 'deny'],
      ['./rm x', 'deny'],
      ['\\rm x', 'deny'],
      ["'rm' x", 'deny'],
      ['"r"m x', 'deny'],
      ["$'r\\x6d' x", 'deny'],
      ['RM x', 'deny'],
      ['sudo rm x', 'deny'],
      ['sudo -u bob rm x', 'deny'],
      ['env rm x', 'deny'],
      ['env -i FOO=1 rm x', 'deny'],
      ["env -S 'rm x'", 'deny'],
      ['command rm x', 'deny'],
      ['builtin exec rm x', 'deny'],
      ['exec rm x', 'deny'],
      ['nohup rm x', 'deny'],
      ['nice -n 5 rm x', 'deny'],
      ['time rm x', 'deny'],
      ['timeout 5 rm x', 'deny'],
      ['xargs rm', 'deny'],
      ['xargs -I {} rm {}', 'deny'],
      ['stdbuf -oL rm x', 'deny'],
      ['bash -c "rm x"', 'deny'],
      ["sh -ec 'ls; rm x'", 'deny'],
      ["zsh -c 'bash -c \"rm x\"'", 'deny'],
      ['find . -exec rm {} \\;', 'deny'],
      ['find . -name "*.ts" -execdir rm {} +', 'deny'],
      ['eval "rm x"', 'deny'],
      ['if true; then rm x; fi', 'deny'],
      ['while false; do rm x; done', 'deny'],
      ['case x in x) rm x;; esac', 'deny'],
      ['{ ls; rm x; }', 'deny'],
      ['f() { rm x; }', 'deny'],
      ['(( $(rm x) ))', 'deny'],
      ['let x=$(rm x)', 'deny'],
      ['ls --color=$(rm x)', 'deny'],
      ['bash <<EOF\nrm x\nEOF', 'deny'],
      ["bash <<< 'rm x'", 'deny'],
      ['cat <<EOF\nrm x\nEOF', 'allow'],
      // Dangerous forms that always ask.
      ['find . -name x', 'allow'],
      ['find . -name x -delete', 'ask'],
      ['find . -exec cat {} \\;', 'ask'],
      ['sort -o out.txt in.txt', 'ask'],
      ['sort -uo out.txt in.txt', 'ask'],
      ['git -c core.pager=less log', 'ask'],
      ['git log -c', 'allow'],
      ['git diff --output=patch.diff', 'ask'],
      ['rg --pre ./decode foo', 'ask'],
      ['tree -o tree.txt', 'ask'],
      ['date -s "2020-01-01"', 'ask'],
      ['date -Iseconds', 'allow'],
      ['uniq in.txt out.txt', 'ask'],
      ['PATH=/tmp ls', 'ask'],
      ['LD_PRELOAD=./x.so ls', 'ask'],
      ['GIT_PAGER=x git log', 'ask'],
      ['FOO=1 ls', 'allow'],
      ['env PATH=. ls', 'ask'],
      ['$CMD', 'ask'],
      ['${CMD} -la', 'ask'],
      ['a=rm; $a x', 'ask'],
      ['{rm,-rf,x}', 'ask'],
      ['eval ls', 'ask'],
      ['source ./env.sh', 'ask'],
      ['. ./env.sh', 'ask'],
      ['exec ls', 'ask'],
      ['bash -c ls', 'ask'],
      ['ls &', 'ask'],
      ['coproc ls', 'ask'],
      ['f() { ls; }', 'ask'],
      ["x='a[$(ls)]'", 'ask'],
      ["echo 'unterminated", 'ask'],
      ['echo $(ls', 'ask'],
      ['ls )', 'ask'],
      // Subshells and compound commands judged per part.
      ['(cd src && ls)', 'allow'],
      ['if [ -f package.json ]; then cat package.json; fi', 'allow'],
      // Paths.
      ['cat ~/.ssh/id_rsa', 'ask'],
      ['cat ../other/file', 'ask'],
      ['cat /etc/passwd', 'ask'],
      ['cat ~bob/notes', 'ask'],
      ['cat secret/key.pem', 'deny'],
      ['cat "secret/key.pem"', 'deny'],
      ['cat ./secret/../secret/key.pem', 'deny'],
      ['cat .env', 'deny'],
      ['cd secret && cat key.pem', 'deny'],
      ['cat secret', 'ask'],
      ['grep -rn password secret', 'ask'],
      ['grep -rn secret src', 'allow'],
      ['ls secret/*', 'deny'],
      ['ls src/*.ts', 'allow'],
      ['grep --file=../patterns.txt foo', 'ask'],
      ['cat $HOME/.ssh/id_rsa', 'ask'],
      ['cat "$HOME"', 'ask'],
      ['cat {/etc,src}/passwd', 'ask'],
      ['git log https://example.com/a/b', 'allow'],
      ['cd .. && ls', 'ask'],
      // Regex rules and rule edge cases.
      ['npm run lint', 'allow', { allow: ['/^npm run (build|lint)$/'] }],
      ['npm run deploy', 'ask', { allow: ['/^npm run (build|lint)$/'] }],
      ['NPM RUN LINT', 'allow', { allow: ['/^npm run lint$/i'] }],
      ['ls', 'ask', { allow: ['/[/'] }],
      ['git push --force-with-lease', 'deny', { allow: ['git'], deny: ['/--force/'] }],
      ['git push', 'allow', { allow: ['git'], deny: ['/--force/'] }],
      ['rm x', 'allow', { allow: ['rm'], deny: ['rm -rf'] }],
      ['rm -rf x', 'deny', { allow: ['rm'], deny: ['rm -rf'] }],
      ['ls', 'allow', { allow: ['  ls  ', ''], deny: ['', '   '] }],
      ["npm run 'my script'", 'allow', { allow: ['npm run "my script"'] }],
      ['xargs grep foo', 'ask', { allow: ['grep'] }],
      ['xargs grep foo', 'allow', { allow: ['xargs grep'] }],
      // Other shells: zsh goes through the cautious word split, where quotes and parentheses ask.
      ["ls *(e:'rm x':)", 'ask', { shell: '/bin/zsh' }],
    ];

    for (const [commandLine, expected, overrides] of cases) {
      const label = JSON.stringify(commandLine) + (overrides ? ` with ${JSON.stringify(overrides)}` : '');
      it(`${label} → ${expected}`, () => {
        const judgement = judgeCommand(commandLine, posixContext(overrides));
        assert.equal(judgement.verdict, expected, judgement.reasons.join('\n'));
        if (expected === 'allow') assert.deepEqual(judgement.reasons, []);
        else assert.ok(judgement.reasons.length > 0);
      });
    }
  });

  describe('on Windows shells', () => {
    const cases: Array<[commandLine: string, expected: Verdict, autoApprovable: boolean, context?: Partial<JudgeContext>]> = [
      ['dir', 'allow', false],
      ['DIR /s /b', 'allow', false],
      ['type src\\a.ts', 'allow', false],
      ['type C:\\Windows\\win.ini', 'ask', false],
      ['type ..\\other\\file', 'ask', false],
      ['del x', 'deny', false],
      ['DEL.exe x', 'deny', false],
      ['C:\\Windows\\System32\\del.exe x', 'deny', false],
      ['dir & del x', 'deny', false],
      ['dir && echo done', 'ask', false],
      ['dir | findstr x', 'ask', false],
      ['echo %PATH%', 'ask', false],
      ['dir > out.txt', 'ask', false],
      ['cmd /c del x', 'deny', false],
      ['cmd /c dir', 'ask', false],
      ['git status', 'allow', false],
      ['git push origin', 'deny', false],
      ['npm test', 'ask', true],
      ['Get-ChildItem', 'ask', true, { shell: 'pwsh' }],
      ['Get-ChildItem; Remove-Item x', 'ask', false, { shell: 'pwsh' }],
      ['Remove-Item x', 'deny', false, { shell: 'pwsh', deny: ['remove-item'] }],
      ['iex $x', 'ask', false, { shell: 'powershell.exe' }],
    ];
    for (const [commandLine, expected, autoApprovable, overrides] of cases) {
      it(`${JSON.stringify(commandLine)} → ${expected}`, () => {
        const judgement = judgeCommand(commandLine, windowsContext(overrides));
        assert.equal(judgement.verdict, expected, judgement.reasons.join('\n'));
        assert.equal(judgement.autoApprovable, autoApprovable);
      });
    }

    it('offers no always-allow prefix for shell syntax', () => {
      assert.deepEqual(judgeCommand('npm test & npm run x', windowsContext()).alwaysAllow, []);
      assert.deepEqual(judgeCommand('npm test --watch', windowsContext()).alwaysAllow, ['npm test']);
    });

    it('parses Git Bash on Windows as a POSIX shell', () => {
      const judgement = judgeCommand('ls && rm x', windowsContext({ shell: 'C:\\Program Files\\Git\\bin\\bash.exe', allow: ['ls'], deny: ['rm'] }));
      assert.equal(judgement.verdict, 'deny');
    });
  });

  describe('always-allow suggestions', () => {
    const cases: Array<[commandLine: string, expected: string[]]> = [
      ['npm test', ['npm test']],
      ['npm run build -- --watch', ['npm run build']],
      ['pnpm --filter app run build', ['pnpm --filter app run build']],
      ['python -m pytest -x', ['python -m pytest']],
      ['python3 scripts/check.py --fast', ['python3 scripts/check.py']],
      ['pytest tests/a.py', ['pytest']],
      ['make check', ['make check']],
      ['make', ['make']],
      ['node scripts/build.js', ['node scripts/build.js']],
      ['git commit -m "fix the parser"', ['git commit']],
      ['git stash pop', ['git stash pop']],
      ['npx jest --watch', ['npx jest']],
      ['docker compose up -d', ['docker compose up']],
      ['./gradlew build --info', ['./gradlew build']],
      ['go test ./...', ['go test']],
      ['cargo test && npm test', ['cargo test', 'npm test']],
      ['npm test; npm test', ['npm test']],
      ['ls && npm test', ['npm test']],
      ["npm run 'my script'", ["npm run 'my script'"]],
      ['node', []],
      ['python', []],
      ['node -e "console.log(1)"', []],
      ['bash', []],
      ['deno eval "1"', []],
      ['npx -c "rm x"', []],
      ['npm run', []],
      ['git', []],
      ['xargs grep foo', []],
      ['sudo make install', []],
      ['ls | xargs grep foo', []],
      ['npm test $(ls)', []],
      ['npm test > out.txt', []],
      ['npm test ../x', []],
      ['rm x && npm test', []],
    ];
    for (const [commandLine, expected] of cases) {
      it(`${JSON.stringify(commandLine)} → ${JSON.stringify(expected)}`, () => {
        const context = posixContext({ allow: ['ls', 'grep'], deny: ['rm'] });
        assert.deepEqual(judgeCommand(commandLine, context).alwaysAllow, expected);
      });
    }

    it('suggests prefixes that allow the same command next time', () => {
      for (const commandLine of ['npm run build -- --watch', "npm run 'my script'", 'git commit -m x', 'python -m pytest -x', 'cargo test && make check']) {
        const first = judgeCommand(commandLine, posixContext({ allow: [] }));
        assert.ok(first.alwaysAllow.length > 0, commandLine);
        assert.equal(judgeCommand(commandLine, posixContext({ allow: first.alwaysAllow })).verdict, 'allow', commandLine);
      }
    });
  });

  describe('auto-approval', () => {
    const cases: Array<[commandLine: string, autoApprovable: boolean]> = [
      ['npm run build', true],
      ['mkdir build && npm run build', true],
      ['sudo ls', true],
      ['ls', false],
      ['rm x', false],
      ['npm run build > log.txt', false],
      ['npm run build $(ls)', false],
      ['cat ../x', false],
      ['cat ~/x', false],
      ['eval ls', false],
      ['bash -c "npm run build"', false],
      ['npm run build &', false],
      ["echo 'x", false],
      ['PATH=/tmp npm run build', false],
      ['find . -delete', false],
      ['npm run secret', true],
    ];
    for (const [commandLine, expected] of cases) {
      it(`${JSON.stringify(commandLine)} → ${expected}`, () => {
        assert.equal(judgeCommand(commandLine, posixContext()).autoApprovable, expected);
      });
    }
  });

  describe('reasons', () => {
    it('names the sub-command and the rule', () => {
      assert.deepEqual(judgeCommand('ls && rm -rf build', posixContext()).reasons, ['`rm -rf build` matches the deny rule `rm`']);
      assert.deepEqual(judgeCommand('npm run build', posixContext()).reasons, ['`npm run build` is not on the allow list']);
    });

    it('explains substitutions, redirections and paths', () => {
      assert.deepEqual(judgeCommand('ls $(pwd)', posixContext()).reasons, ['`ls $(pwd)` uses `$(…)` command substitution, which always needs approval']);
      assert.deepEqual(judgeCommand('ls > out.txt', posixContext()).reasons, ['`ls > out.txt` writes to out.txt, which always needs approval']);
      assert.deepEqual(judgeCommand('cat secret/key.pem', posixContext()).reasons, ['`cat secret/key.pem` refers to secret/key.pem, which .elbowignore hides from Elbow']);
      assert.deepEqual(judgeCommand('cat ../x', posixContext()).reasons, ['`cat ../x` refers to ../x, which is outside the workspace']);
    });

    it('keeps only deny reasons when denied', () => {
      const judgement = judgeCommand('npm run x && rm y', posixContext());
      assert.deepEqual(judgement, { verdict: 'deny', reasons: ['`rm y` matches the deny rule `rm`'], alwaysAllow: [], autoApprovable: false });
    });

    it('lists at most twelve reasons', () => {
      const commandLine = Array.from({ length: 30 }, (_, index) => `tool${index}`).join('; ');
      const reasons = judgeCommand(commandLine, posixContext()).reasons;
      assert.equal(reasons.length, 12);
      assert.equal(reasons[11], '…and 19 more reasons');
    });

    it('shortens long sub-commands to one line', () => {
      const [reason] = judgeCommand(`npm run ${'x'.repeat(300)}\n`, posixContext()).reasons;
      assert.ok(reason !== undefined && reason.length < 120 && !reason.includes('\n'), reason);
    });
  });

  describe('robustness', () => {
    it('asks for empty command lines', () => {
      for (const commandLine of ['', '   ', '\n\t']) {
        const judgement = judgeCommand(commandLine, posixContext());
        assert.equal(judgement.verdict, 'ask');
        assert.equal(judgement.autoApprovable, false);
        assert.equal(judgement.reasons.length, 1);
      }
    });

    it('never throws', () => {
      const throwingContext = posixContext({
        classifyPath: () => {
          throw new Error('disk on fire');
        },
      });
      assert.equal(judgeCommand('cat src/a.ts', throwingContext).verdict, 'ask');
      // An unparsable or unjudgeable line asks, and says why; a bare here-document and `cat` of odd names run nothing else.
      const odd: Array<[commandLine: string, posix: Verdict, reasons: RegExp]> = [
        ['$(((((', 'ask', /could not be fully parsed/],
        ['`'.repeat(101), 'ask', /could not be fully parsed/],
        ['<<EOF', 'allow', /^$/],
        ['a'.repeat(100_000), 'ask', /is not on the allow list/],
        ['$('.repeat(500), 'ask', /could not judge this command/],
        ['cat \u0000 \uFFFF', 'allow', /^$/],
        ["'\\''", 'ask', /could not be fully parsed/],
      ];
      for (const [commandLine, posix, reasons] of odd) {
        const judgement = judgeCommand(commandLine, posixContext());
        assert.equal(judgement.verdict, posix, commandLine.slice(0, 20));
        assert.match(judgement.reasons.join('\n'), reasons);
        // cmd has no rules for `$`, backticks, `<` or unknown programs: every one of these asks.
        assert.equal(judgeCommand(commandLine, windowsContext()).verdict, 'ask', commandLine.slice(0, 20));
      }
      assert.equal(judgeCommand(undefined as unknown as string, posixContext()).verdict, 'ask');
      assert.equal(judgeCommand('ls', posixContext({ allow: undefined as unknown as string[] })).verdict, 'ask');
    });

    it('judges huge command lines (their cost is measured by npm run bench -- sandbox)', () => {
      const longLine = judgeCommand(`cat ${'src/a.ts '.repeat(10_000)}`, posixContext());
      assert.equal(longLine.verdict, 'ask');
      assert.match(longLine.reasons.join('\n'), /has too many arguments for Elbow to check/);
      assert.equal(judgeCommand(`ls${' | ls'.repeat(2000)}`, posixContext()).verdict, 'allow');
    });
  });
});
