import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { startModelServer } from './chat';
import { runSuite } from './runSuite';

/** A suite's tests, given the fake model server of their window. */
export type PhaseSuite = (server: () => FakeLlmServer) => void;

/** One window's suites, with a fake model server started before them and Elbow's settings pointed at it. */
export function runPhase(suites: readonly PhaseSuite[]): Promise<void> {
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
    ...suites.map((suite) => () => suite(current)),
  ]);
}
