import { planModeAfterReloadTests } from '../suites/planMode.test';
import { afterReloadTests } from '../suites/reload.test';
import { todoListAfterReloadTests } from '../suites/todoList.test';
import { worktreeTasksAfterReloadTests } from '../suites/worktreeTasks.test';
import { runPhase } from '../support/runPhase';

/** The window after a reload of the one `main` ran in: same profile, storage and workspace. */
export function run(): Promise<void> {
  return runPhase([afterReloadTests, todoListAfterReloadTests, planModeAfterReloadTests, worktreeTasksAfterReloadTests]);
}
