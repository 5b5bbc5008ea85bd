import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { activationTests } from '../suites/activation.test';
import { askAboutTests } from '../suites/askAbout.test';
import { chatTurnTests } from '../suites/chatTurn.test';
import { experimentsTests } from '../suites/experiments.test';
import { historyAndThemeTests } from '../suites/historyAndThemes.test';
import { beforeReloadTests } from '../suites/reload.test';
import { runControlTests } from '../suites/runControl.test';
import { vscodeHostTests } from '../suites/vscodeHost.test';
import { welcomeTests } from '../suites/welcome.test';
import { workbenchTests } from '../suites/workbench.test';
import { xssTests } from '../suites/xss.test';
import { startModelServer } from '../support/chat';
import { runSuite } from '../support/runSuite';

/** The first window: everything but what needs a reload in between. */
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
    activationTests,
    () => welcomeTests(current),
    () => chatTurnTests(current),
    () => experimentsTests(current),
    () => askAboutTests(current),
    () => vscodeHostTests(current),
    () => runControlTests(current),
    () => xssTests(current),
    () => workbenchTests(current),
    () => historyAndThemeTests(current),
    () => beforeReloadTests(current),
  ]);
}
