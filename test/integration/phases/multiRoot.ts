import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { multiRootTests } from '../suites/multiRoot.test';
import { startModelServer } from '../support/chat';
import { runSuite } from '../support/runSuite';

/** A window on a workspace of two folders (the API key stored in the first phase is still there). */
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
    () => multiRootTests(current),
  ]);
}
