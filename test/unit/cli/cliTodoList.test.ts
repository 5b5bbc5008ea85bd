import assert from 'node:assert/strict';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall } from '../../support/fakeLlmServer';

describe('elbow command line: the task list', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('prints the list on stderr each time the model changes it, and only the answer on stdout', async () => {
    const { server, cwd } = fixture;
    const steps = ['Read the notes', 'Write the summary'];
    server.enqueue(
      { kind: 'reply', content: [toolCall('todo', { items: [{ text: steps[0], status: 'in_progress' }, { text: steps[1], status: 'pending' }] })] },
      { kind: 'reply', content: [toolCall('todo', { items: [{ text: steps[0], status: 'done' }, { text: steps[1], status: 'in_progress' }] })] },
      { kind: 'reply', content: [text('All done.')] },
    );
    const run = await runElbow(['-p', 'summarise my notes', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'All done.\n' }, run.stderr);
    assert.equal(run.stderr, [
      'Tasks 0/2', '  ▸ Read the notes', '  ○ Write the summary', '✓ todo()',
      'Tasks 1/2', '  ✓ Read the notes', '  ▸ Write the summary', '✓ todo()',
      '',
    ].join('\n'));
    assert.deepEqual(server.violations, []);
  });
});
