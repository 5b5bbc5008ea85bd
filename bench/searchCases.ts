import { countInSummary, elbowSearchArgs, type BenchContext } from './context';
import { MANY, NEEDLE, NO_MATCH } from './content';
import type { BenchHost } from './host';
import { measureInterleaved, type Series } from './measure';
import { BASELINE_WALK, runRawRipgrep, type RawRun } from './rawRipgrep';
import type { Row } from './report';

const SEARCH_CAP = 200;
const SEARCH_GOAL = { kind: 'ratio', max: 1.3 } as const;
const MATCH_TOKEN = '"type":"match"';

/** The search tool as the model calls it; throws when the tool reports an error. */
function searchToolSeries(host: BenchHost, pattern: string): Series {
  return {
    run: async () => {
      const outcome = await host.callTool('search', { pattern });
      if (outcome.isError) throw new Error(`search ${pattern} failed: ${outcome.text}`);
      return outcome;
    },
  };
}

/** `rg --json` with Elbow's ignore semantics and smart case (as the tool), in the workspace root. */
function rawSearchSeries(context: BenchContext, pattern: string, stopAfter?: number): Series {
  const args = ['--json', '--smart-case', ...BASELINE_WALK, '--regexp', pattern];
  return { run: () => runRawRipgrep(context.rgPath, args, { cwd: context.workspace.root, countToken: MATCH_TOKEN, stopAfter }) };
}

/** The exact argv RipgrepSearcher spawns, output read but not processed. */
function elbowArgvSeries(context: BenchContext, pattern: string, caseSensitive: boolean): Series {
  const args = elbowSearchArgs(context.workspace.root, pattern, caseSensitive);
  return { run: () => runRawRipgrep(context.rgPath, args, { cwd: context.workspace.root, countToken: MATCH_TOKEN }) };
}

/** Checks, once and untimed, that Elbow and rg find the same; logs the counts. */
async function checkCounts(context: BenchContext, pattern: string, expected: number | undefined): Promise<void> {
  const tool = await context.elbow.callTool('search', { pattern });
  const raw = (await rawSearchSeries(context, pattern).run()) as RawRun;
  const shown = countInSummary(tool.summary);
  const wanted = Math.min(raw.count, SEARCH_CAP);
  const status = shown === wanted && (expected === undefined || raw.count === expected) ? 'ok' : 'MISMATCH';
  context.log(`check search ${JSON.stringify(pattern)}: rg finds ${raw.count} matches (${raw.bytes} bytes of JSON), Elbow shows ${shown} [${tool.summary}] — ${status}`);
}

export async function searchRows(context: BenchContext): Promise<{ rows: Row[]; diagnostics: Row[] }> {
  const { elbow, builtin, workspace, rounds, slowRounds } = context;
  await checkCounts(context, NEEDLE, workspace.expected.needleMatches);
  await checkCounts(context, NO_MATCH, 0);
  await checkCounts(context, MANY, workspace.expected.manyMatches);

  const needle = await measureInterleaved({
    elbow: searchToolSeries(elbow, NEEDLE),
    rg: rawSearchSeries(context, NEEDLE),
    argv: elbowArgvSeries(context, NEEDLE, true),
  }, rounds);
  const none = await measureInterleaved({
    elbow: searchToolSeries(elbow, NO_MATCH),
    rg: rawSearchSeries(context, NO_MATCH),
    argv: elbowArgvSeries(context, NO_MATCH, false),
  }, rounds);
  const many = await measureInterleaved({
    elbow: searchToolSeries(elbow, MANY),
    rgStopped: rawSearchSeries(context, MANY, SEARCH_CAP),
    rgFull: rawSearchSeries(context, MANY),
    argv: elbowArgvSeries(context, MANY, true),
  }, rounds);
  const pure = await measureInterleaved({
    builtin: searchToolSeries(builtin, NEEDLE),
    rg: rawSearchSeries(context, NEEDLE),
  }, slowRounds);

  const rows: Row[] = [
    { label: `search tool, ${workspace.expected.needleMatches} matches vs rg --json`, elbow: needle.elbow, baseline: needle.rg, goal: SEARCH_GOAL },
    { label: 'search tool, no match vs rg --json', elbow: none.elbow, baseline: none.rg, goal: SEARCH_GOAL },
    { label: `search tool, ${SEARCH_CAP}-match cap vs rg killed at ${SEARCH_CAP}`, elbow: many.elbow, baseline: many.rgStopped, goal: SEARCH_GOAL },
    { label: `search tool, ${SEARCH_CAP}-match cap vs full rg (${workspace.expected.manyMatches})`, elbow: many.elbow, baseline: many.rgFull, goal: { kind: 'none' } },
    { label: 'built-in searcher: search tool vs rg', elbow: pure.builtin, baseline: pure.rg, goal: { kind: 'none' } },
  ];
  const diagnostics: Row[] = [
    { label: 'rg with Elbow argv vs rg --json (needle)', elbow: needle.argv, baseline: needle.rg, goal: { kind: 'none' } },
    { label: 'search tool vs rg with Elbow argv (needle)', elbow: needle.elbow, baseline: needle.argv, goal: { kind: 'none' } },
    { label: 'rg with Elbow argv vs rg --json (no match)', elbow: none.argv, baseline: none.rg, goal: { kind: 'none' } },
    { label: 'search tool vs rg with Elbow argv (no match)', elbow: none.elbow, baseline: none.argv, goal: { kind: 'none' } },
    { label: `rg with Elbow argv vs rg --json (${MANY}, full)`, elbow: many.argv, baseline: many.rgFull, goal: { kind: 'none' } },
  ];
  return { rows, diagnostics };
}
