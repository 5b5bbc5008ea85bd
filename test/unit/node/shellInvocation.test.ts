import assert from 'node:assert/strict';
import { shellInvocation } from '../../../src/node/shellInvocation';

describe('shellInvocation', () => {
  it('passes the command to POSIX shells with -c', () => {
    for (const shell of ['/bin/bash', '/usr/bin/zsh', 'sh', '/usr/local/bin/fish', '/bin/dash', 'C:\\Program Files\\Git\\bin\\bash.exe']) {
      assert.deepEqual(shellInvocation(shell, 'ls -la'), { file: shell, args: ['-c', 'ls -la'], windowsVerbatimArguments: false }, shell);
    }
  });

  it('quotes the command for cmd.exe and keeps it verbatim', () => {
    assert.deepEqual(shellInvocation('C:\\Windows\\System32\\CMD.EXE', 'dir "a b"'), {
      file: 'C:\\Windows\\System32\\CMD.EXE',
      args: ['/d', '/s', '/c', '"dir "a b""'],
      windowsVerbatimArguments: true,
    });
  });

  it('runs PowerShell without profile or prompts', () => {
    for (const shell of ['powershell.exe', 'C:\\Program Files\\PowerShell\\7\\pwsh.exe', '/usr/bin/pwsh']) {
      assert.deepEqual(shellInvocation(shell, 'Get-ChildItem').args, ['-NoProfile', '-NonInteractive', '-Command', 'Get-ChildItem'], shell);
    }
  });
});
