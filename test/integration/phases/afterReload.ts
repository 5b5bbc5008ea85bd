import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { afterReloadTests } from '../suites/reload.test';
import { startModelServer } from '../support/chat';
import { runSuite } from '../support/runSuite';

/** The window after a reload of the one `main` ran in: same profile, storage and workspace. */
export function run(): Promise<void> {
  let server: FakeLlmServer | undefined;
  const current = (): FakeLlmServer => {
    if (server === undefined) throw new Error('The fake model server did not start.');
    return server;
  };
  return runSuite([
    () => {
      before(async () => {
        server = await startModelServer();
      });
      after(async () => {
        await server?.close();
      });
    },
    () => afterReloadTests(current),
  ]);
}
