import { strict as assert } from 'node:assert';
import { SessionHooks } from '../../../../src/core/customize/sessionHooks';
import type { HookEntry } from '../../../../src/core/customize/hookSettings';
import type { HookRunRequest, HookRunner } from '../../../../src/core/host/hookRunner';
import { readFile } from './customizationsFixture';

/** Records where each hook was asked to run. */
function recordingRunner(sandbox: boolean): HookRunner & { runs: HookRunRequest[] } {
  const runs: HookRunRequest[] = [];
  return {
    runs,
    run: (request) => {
      runs.push(request);
      return Promise.resolve({ exitCode: 0, stdout: '', stderr: '', ending: 'exited' });
    },
    sandboxAvailable: () => Promise.resolve(sandbox ? { available: true } : { available: false, reason: 'no bubblewrap' }),
  };
}

const userSettings = readFile('/home/me/.claude/settings.json', '{}', 'user');
const userHook = (command: string): HookEntry => ({ event: 'UserPromptSubmit', command, file: userSettings });

describe('SessionHooks: where the user\'s own hooks run', () => {
  it('runs the user\'s hook with the user\'s rights, but one that runs the workspace\'s files in the sandbox', async () => {
    const runner = recordingRunner(true);
    const hooks = new SessionHooks({ hooks: [userHook('notify-send hi'), userHook('"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh'), userHook('sh ${CLAUDE_PROJECT_DIR:-.}/tools/check.sh')], runner, workspaceRoots: ['/ws'], sessionId: 's' });
    await hooks.userPromptSubmit('hi', () => undefined, new AbortController().signal);
    assert.deepEqual(runner.runs.map((run) => [run.command, run.sandboxed]), [
      ['notify-send hi', false],
      ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh', true],
      ['sh ${CLAUDE_PROJECT_DIR:-.}/tools/check.sh', true],
    ]);
  });

  it('does not run such a hook at all where there is no sandbox, and says why', async () => {
    const runner = recordingRunner(false);
    const notes: string[] = [];
    const hooks = new SessionHooks({ hooks: [userHook('"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh')], runner, workspaceRoots: ['/ws'], sessionId: 's' });
    await hooks.userPromptSubmit('hi', (report) => void notes.push(JSON.stringify(report)), new AbortController().signal);
    assert.equal(runner.runs.length, 0);
    assert.match(notes.join('\n'), /only in the sandbox/);
  });
});
