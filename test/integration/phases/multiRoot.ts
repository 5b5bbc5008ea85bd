import { multiRootTests } from '../suites/multiRoot.test';
import { runPhase } from '../support/runPhase';

/** A window on a workspace of two folders (the API key stored in the first phase is still there). */
export function run(): Promise<void> {
  return runPhase([multiRootTests]);
}
