import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cliPath, elbowEnvironment, useCliFixture } from '../../support/elbowCli';
import { settlesWithin } from '../../support/settlesWithin';

describe('elbow -p and Ctrl-C', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('ends the run on Ctrl-C while the model has not answered, and a second Ctrl-C ends it at once', async () => {
    for (const signals of [1, 2]) {
      fixture.server.enqueue({ kind: 'hang' });
      const before = fixture.server.requests.length;
      const child = spawn(process.execPath, [cliPath, '-p', 'hello', '--cwd', fixture.cwd], { env: elbowEnvironment(fixture.server, 'openai'), stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : null))));
      while (fixture.server.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 50));
      for (let index = 0; index < signals; index++) child.kill('SIGINT');
      assert.ok(await settlesWithin(exited, 10_000), `elbow did not end on ${signals} Ctrl-C`);
      assert.equal(await exited, 130);
    }
  });
});
