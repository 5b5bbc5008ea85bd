import { countInSummary, elbowListArgs, type BenchContext } from './context';
import type { BenchHost } from './host';
import { measureInterleaved, type Series } from './measure';
import { BASELINE_WALK, runRawRipgrep, type RawRun } from './rawRipgrep';
import type { Row } from './report';

const LIST_GOAL = { kind: 'ratio', max: 1.5 } as const;

/** `rg --files` with Elbow's ignore semantics, every path read. */
function rawFilesSeries(context: BenchContext): Series {
  return { run: () => runRawRipgrep(context.rgPath, ['--files', ...BASELINE_WALK], { cwd: context.workspace.root, countToken: '\n' }) };
}

function elbowArgvSeries(context: BenchContext): Series {
  const { root } = context.workspace;
  return { run: () => runRawRipgrep(context.rgPath, elbowListArgs(root), { cwd: root, countToken: '\0' }) };
}

function listToolSeries(host: BenchHost): Series {
  return {
    run: async () => {
      const outcome = await host.callTool('list_files', { recursive: true });
      if (outcome.isError) throw new Error(`list_files failed: ${outcome.text}`);
      return outcome;
    },
  };
}

/** The searcher's recursive listing with no cap: the same work as `rg --files`. */
function fullListingSeries(context: BenchContext, host: BenchHost): Series {
  return {
    run: async () => {
      const listing = await host.searcher.listFiles({ directory: context.workspace.root, recursive: true, limit: Number.POSITIVE_INFINITY });
      if (listing.truncated) throw new Error('the full listing was truncated');
      return listing;
    },
  };
}

async function checkCounts(context: BenchContext): Promise<void> {
  const raw = (await rawFilesSeries(context).run()) as RawRun;
  const full = await context.elbow.searcher.listFiles({ directory: context.workspace.root, recursive: true, limit: Number.POSITIVE_INFINITY });
  const tool = await context.elbow.callTool('list_files', { recursive: true });
  const expected = context.workspace.expected.visibleFiles;
  const status = raw.count === expected && full.entries.length === expected ? 'ok' : 'MISMATCH';
  context.log(`check listing: rg --files lists ${raw.count} files (${raw.bytes} bytes), RipgrepSearcher.listFiles ${full.entries.length}, expected ${expected}; list_files tool shows ${countInSummary(tool.summary)} [${tool.summary}] — ${status}`);
}

export async function listRows(context: BenchContext): Promise<{ rows: Row[]; diagnostics: Row[] }> {
  await checkCounts(context);
  const ripgrep = await measureInterleaved({
    tool: listToolSeries(context.elbow),
    full: fullListingSeries(context, context.elbow),
    rg: rawFilesSeries(context),
    argv: elbowArgvSeries(context),
  }, context.rounds);
  const pure = await measureInterleaved({
    builtin: fullListingSeries(context, context.builtin),
    rg: rawFilesSeries(context),
  }, context.slowRounds);
  const files = context.workspace.expected.visibleFiles;
  return {
    rows: [
      { label: 'list_files tool recursive (1,000-entry cap) vs rg --files', elbow: ripgrep.tool, baseline: ripgrep.rg, goal: LIST_GOAL },
      { label: `RipgrepSearcher.listFiles, all ${files} vs rg --files`, elbow: ripgrep.full, baseline: ripgrep.rg, goal: LIST_GOAL },
      { label: `built-in searcher: listFiles, all vs rg --files`, elbow: pure.builtin, baseline: pure.rg, goal: { kind: 'none' } },
    ],
    diagnostics: [
      { label: 'rg with Elbow argv vs rg --files', elbow: ripgrep.argv, baseline: ripgrep.rg, goal: { kind: 'none' } },
      { label: 'RipgrepSearcher.listFiles vs rg with Elbow argv', elbow: ripgrep.full, baseline: ripgrep.argv, goal: { kind: 'none' } },
    ],
  };
}
