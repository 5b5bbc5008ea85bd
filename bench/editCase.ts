import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { EDIT_NEW, EDIT_OLD } from './content';
import type { BenchWorkspace } from './generateWorkspace';
import { createBenchHost } from './host';
import { measureInterleaved, type MeasureOptions } from './measure';
import type { Row } from './report';

const EDIT_GOAL_MS = 100;

/**
 * `edit_file` on the ~10 MB file (through the registry, on a host over the file's own
 * root), restored before every run; beside it, the least any edit costs: read, replace
 * and write the file with plain `fs`.
 */
export async function editRows(workspace: BenchWorkspace, rounds: MeasureOptions, log: (line: string) => void): Promise<Row[]> {
  const { editRoot, editFile } = workspace;
  const absolute = path.join(editRoot, editFile);
  const original = await fs.readFile(absolute);
  const host = await createBenchHost(editRoot, 'ripgrep');
  const restore = (): Promise<void> => fs.writeFile(absolute, original);
  log(`edit file: ${absolute}, ${(original.length / 1e6).toFixed(1)} MB, ${original.toString('utf8').split('\n').length - 1} lines`);
  try {
    const timings = await measureInterleaved({
      tool: {
        reset: restore,
        run: async () => {
          const outcome = await host.callTool('edit_file', { path: editFile, old_str: EDIT_OLD, new_str: EDIT_NEW });
          if (outcome.isError) throw new Error(`edit_file failed: ${outcome.text}`);
        },
      },
      fs: {
        reset: restore,
        run: async () => {
          const text = await fs.readFile(absolute, 'utf8');
          const at = text.indexOf(EDIT_OLD);
          await fs.writeFile(absolute, text.slice(0, at) + EDIT_NEW + text.slice(at + EDIT_OLD.length));
        },
      },
    }, rounds);
    return [{ label: 'edit_file, 10 MB file, edit in the middle (baseline: fs read+replace+write)', elbow: timings.tool, baseline: timings.fs, goal: { kind: 'under', ms: EDIT_GOAL_MS } }];
  } finally {
    await restore();
  }
}
