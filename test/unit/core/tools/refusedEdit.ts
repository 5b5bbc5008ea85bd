import assert from 'node:assert/strict';
import type { TempWorkspace } from '../../../support/tempWorkspace';

/** Runs edit_file on `relative`, asserts it failed and left the file byte-identical, and gives the error the model reads. */
export async function assertEditRefused(temp: TempWorkspace, relative: string, input: Record<string, unknown>): Promise<string> {
  const before = await temp.readBytes(relative);
  const result = await temp.callTool('edit_file', { path: relative, ...input });
  assert.equal(result.isError, true, result.text);
  assert.ok(Buffer.compare(before, await temp.readBytes(relative)) === 0, 'the file changed');
  return result.text;
}
