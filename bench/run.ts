/**
 * `npm run bench`: Elbow's search, listing and edit speed against raw ripgrep on a generated
 * 50,000-file workspace (cached in .bench/), edit_file on a 10 MB file, cancel latency, and the
 * chat webview (opening, scrolling, streaming and typing in 500- and 5,000-item conversations, and its heap) in headless
 * Chromium (`npm run bench -- webview` runs only that), and saving a 5,000-item conversation (`npm run bench -- save`), and
 * reviewing an agent edit in real VS Code (code-server; `npm run bench -- review` runs only that and the 10 MB edit), and context and cost: a 200-turn task with
 * and without compaction, and what a plain "hello" costs (`npm run bench -- context` runs only that),
 * and what the sandbox adds to a command (`npm run bench -- sandbox` runs only that), and splitting an edit
 * into review hunks (`npm run bench -- hunks` runs only that), and loading and activating the extension against an
 * empty extension (`npm run bench -- activation` runs only that), and how often edit_file's matching lands an edit
 * sent with a model's typical mistakes, exactly and with its ladder of tolerances (`npm run bench -- edits` runs only that),
 * and parsers and patterns fed input that would make them backtrack (`npm run bench -- inputs` runs only that),
 * and what waiting for the language servers adds to an edit (`npm run bench -- problems` runs only that; not in the full run),
 * and how many files and back-and-forths a prompt and an edit go through (`npm run bench -- walks` runs only that; not in the full run),
 * and what an explore subagent saves the parent's context and parallel subagents save in time (`npm run bench -- subagents` runs only that; not in the full run).
 * A report, not a test: it exits 0 whatever the numbers, and non-zero only when something breaks.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findRipgrep } from '../src/node/findExecutable';
import { activationRows } from './activationCase';
import { cancelRows } from './cancelCase';
import { commandPolicyRows } from './commandPolicyCase';
import type { BenchContext } from './context';
import { contextReport } from './contextCase';
import { editRows } from './editCase';
import { runEditsBench } from './edits/editsBench';
import { ensureWorkspace } from './generateWorkspace';
import { createBenchHost } from './host';
import { hostileInputRows } from './hostileInputCase';
import { hunkRows } from './hunksCase';
import { listRows } from './listCases';
import { problemsReport } from './problemsCase';
import { formatTable } from './report';
import { reviewRows } from './reviewCase';
import { sandboxRows } from './sandboxCase';
import { saveRows } from './saveCase';
import { searchRows } from './searchCases';
import { webviewRows } from './webviewCase';
import { walksReport } from './walks/walksCase';
import { subagentsReport } from './subagentsCase';

const BENCH_DIR = path.resolve(__dirname, '..', '.bench');

async function main(): Promise<void> {
  const started = performance.now();
  const log = (line: string): void => console.log(line);
  // `npm run bench -- context` runs only the context and cost report; `-- sandbox` only the sandbox's cost and the command policy's.
  if (process.argv.includes('context')) {
    await contextReport(log);
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('sandbox')) {
    log(formatTable([...(await sandboxRows(BENCH_DIR, { warmup: 3, runs: 31 }, log)), ...(await commandPolicyRows({ warmup: 3, runs: 31 }))]));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('activation')) {
    log(formatTable(await activationRows(BENCH_DIR, { warmup: 2, runs: 15 }, log)));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('edits')) {
    runEditsBench(log);
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('problems')) {
    await problemsReport(log);
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('walks')) {
    await walksReport(log);
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('subagents')) {
    await subagentsReport(log);
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('save')) {
    log(formatTable(await saveRows({ warmup: 2, runs: 15 })));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('webview')) {
    log(formatTable(await webviewRows({ warmup: 2, runs: 15 }, log)));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('inputs')) {
    log(formatTable(await hostileInputRows({ warmup: 2, runs: 15 })));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('review')) {
    const workspace = await ensureWorkspace(BENCH_DIR, log);
    log(formatTable([...(await editRows(workspace, { warmup: 2, runs: 11 }, log)), ...(await reviewRows(log))]));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (process.argv.includes('hunks')) {
    log(formatTable(await hunkRows({ warmup: 2, runs: 21 })));
    log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  const rgPath = await findRipgrep();
  if (!rgPath) throw new Error('ripgrep (rg) is not installed: apt-get install -y ripgrep');
  const workspace = await ensureWorkspace(BENCH_DIR, log);
  const elbow = await createBenchHost(workspace.root, 'ripgrep');
  const builtin = await createBenchHost(workspace.root, 'builtin');
  log(`Workspace ${workspace.root}: ${workspace.expected.visibleFiles} visible files of 50,000; ${elbow.searcher.engine} at ${rgPath}; Node ${process.version}, ${os.cpus().length} CPUs`);
  const context: BenchContext = {
    rgPath,
    workspace,
    elbow,
    builtin,
    rounds: { warmup: 2, runs: 15 },
    slowRounds: { warmup: 1, runs: 3 },
    editRounds: { warmup: 2, runs: 11 },
    log,
  };
  const search = await searchRows(context);
  const list = await listRows(context);
  const edit = await editRows(workspace, context.editRounds, log);
  const cancel = await cancelRows(elbow.host);
  const webview = await webviewRows({ warmup: 2, runs: 15 }, log);
  const hunks = await hunkRows({ warmup: 2, runs: 21 });
  const save = await saveRows({ warmup: 2, runs: 15 });
  const review = await reviewRows(log);
  const activation = await activationRows(BENCH_DIR, { warmup: 2, runs: 15 }, log);
  const sandbox = process.platform === 'linux' || process.platform === 'darwin' ? await sandboxRows(BENCH_DIR, { warmup: 3, runs: 31 }, log) : [];
  const commandPolicy = await commandPolicyRows({ warmup: 3, runs: 31 });
  const hostileInputs = await hostileInputRows({ warmup: 2, runs: 15 });

  log('\nMedian (minimum) in ms; ratio = Elbow median / baseline median, verdict on it. Baselines are rg spawned from Node');
  log('with --hidden --no-require-git -g !.git (search: --json --smart-case), run in the workspace root, output fully read.\n');
  log(formatTable([...search.rows, ...list.rows, ...edit, ...cancel, ...webview, ...save, ...hunks, ...review, ...activation, ...sandbox, ...commandPolicy, ...hostileInputs]));
  log('\nNotes: the search tool stops at 200 matches (parallel rg, stopped, the 200 then sorted by path); the baseline is');
  log('parallel rg stopped after 200 match records. list_files is capped at 1,000 entries in path order');
  log('(rg is stopped there), so the uncapped comparison is RipgrepSearcher.listFiles with no limit.');
  log('\nDiagnostics (where the time goes):\n');
  log(formatTable([...search.diagnostics, ...list.diagnostics]));
  await contextReport(log);
  log('');
  runEditsBench(log);
  log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
