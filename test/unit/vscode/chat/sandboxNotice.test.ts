import assert from 'node:assert/strict';
import type { SandboxStatus } from '../../../../src/core/host/commandRunner';
import type { AgentHost } from '../../../../src/core/host/host';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { SandboxNotice } from '../../../../src/vscode/chat/sandboxNotice';

/** A host whose only part in use is the runner's sandbox status. */
function hostWith(status: SandboxStatus): AgentHost {
  return { commands: { sandboxStatus: () => Promise.resolve(status) } } as unknown as AgentHost;
}

function notice(host: () => Promise<AgentHost>) {
  const posted: ToWebview[] = [];
  const run = { id: 'c1' };
  const sandboxNotice = new SandboxNotice({ host, run, post: (message) => posted.push(message) });
  return { sandboxNotice, posted, open: (id: string) => { run.id = id; } };
}

describe('SandboxNotice: the banner where no sandbox runs', () => {
  it('says why in each conversation until it is closed there', async () => {
    const { sandboxNotice, posted, open } = notice(() => Promise.resolve(hostWith({ available: false, reason: 'bubblewrap is not installed' })));
    await sandboxNotice.post();
    assert.deepEqual(posted, [{ type: 'sandboxNotice', notice: { reason: 'bubblewrap is not installed' } }]);
    assert.equal(sandboxNotice.handle({ type: 'dismissSandboxNotice' }), true);
    await sandboxNotice.post();
    assert.deepEqual(posted.slice(1), [{ type: 'sandboxNotice', notice: null }, { type: 'sandboxNotice', notice: null }], 'closed: not again in this conversation');
    open('c2');
    await sandboxNotice.post();
    assert.deepEqual(posted.at(-1), { type: 'sandboxNotice', notice: { reason: 'bubblewrap is not installed' } }, 'a new conversation says it again');
    assert.equal(sandboxNotice.handle({ type: 'stop' }), false);
  });

  it('says nothing where a sandbox runs, or where there is no folder to run commands in', async () => {
    const sandboxed = notice(() => Promise.resolve(hostWith({ available: true, shell: '/bin/bash', description: 'bubblewrap' })));
    await sandboxed.sandboxNotice.post();
    assert.deepEqual(sandboxed.posted, [{ type: 'sandboxNotice', notice: null }]);
    const noFolder = notice(() => Promise.reject(new Error('open a folder first')));
    await noFolder.sandboxNotice.post();
    assert.deepEqual(noFolder.posted, [{ type: 'sandboxNotice', notice: null }]);
  });

  it('leaves the banner to the conversation opened while the status was found out', async () => {
    let answer: (host: AgentHost) => void = () => undefined;
    const { sandboxNotice, posted, open } = notice(() => new Promise((resolve) => { answer = resolve; }));
    const first = sandboxNotice.post();
    open('c2');
    answer(hostWith({ available: false, reason: 'no bubblewrap' }));
    await first;
    assert.deepEqual(posted, []);
  });
});
