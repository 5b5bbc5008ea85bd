import { strict as assert } from 'node:assert';
import type { HookRunResult } from '../../../../src/core/host/hookRunner';
import { hookOutcome } from '../../../../src/core/customize/hookOutcome';
import { mergeOutcomes } from '../../../../src/core/customize/sessionHooks';

function exited(exitCode: number, stdout = '', stderr = ''): HookRunResult {
  return { exitCode, stdout, stderr, ending: 'exited' };
}

describe('a hook\'s outcome', () => {
  it('exit 0 with plain stdout: context for prompt events only', () => {
    assert.deepEqual(hookOutcome(exited(0, 'branch: main\n'), true), { context: 'branch: main' });
    assert.deepEqual(hookOutcome(exited(0, 'formatted 3 files\n'), false), {});
  });

  it('exit 2 blocks with stderr; other exit codes are a failure for the user, not a block', () => {
    assert.deepEqual(hookOutcome(exited(2, 'ignored', 'rm -rf is not allowed here\n'), false), { block: 'rm -rf is not allowed here' });
    assert.deepEqual(hookOutcome(exited(1, '', 'oops'), false), { failure: 'failed (exit code 1): oops' });
    assert.deepEqual(hookOutcome({ exitCode: undefined, stdout: '', stderr: '', ending: 'timedOut' }, false), { failure: 'timed out, and was stopped' });
  });

  it('reads Claude Code\'s JSON: permissionDecision, updatedInput, additionalContext, decision, continue, systemMessage', () => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'use the make target' } };
    assert.deepEqual(hookOutcome(exited(0, JSON.stringify(deny)), false), { block: 'use the make target' });
    const ask = { hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'touches prod' } };
    assert.deepEqual(hookOutcome(exited(0, JSON.stringify(ask)), false), { ask: 'touches prod' });
    const allow = { hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: 'npm test -- --ci' } }, systemMessage: 'rewrote the command' };
    assert.deepEqual(hookOutcome(exited(0, JSON.stringify(allow)), false), { allow: true, updatedInput: { command: 'npm test -- --ci' }, note: 'rewrote the command' });
    assert.deepEqual(hookOutcome(exited(0, JSON.stringify({ decision: 'block', reason: 'tests fail' })), false), { block: 'tests fail' });
    assert.deepEqual(hookOutcome(exited(0, JSON.stringify({ continue: false, stopReason: 'budget spent' })), false), { stop: 'budget spent' });
    assert.deepEqual(hookOutcome(exited(0, JSON.stringify({ hookSpecificOutput: { additionalContext: 'ticket ABC-1' } })), true), { context: 'ticket ABC-1' });
  });

  it('several hooks: a refusal wins over an allow, contexts add up', () => {
    assert.deepEqual(mergeOutcomes([{ allow: true }, { block: 'no' }, { context: 'a' }, { context: 'b' }]), { block: 'no', allow: true, context: 'a\nb' });
  });
});
