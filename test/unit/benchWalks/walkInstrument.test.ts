import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as vm from 'node:vm';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { installWalkRecorder, type RawWalkEvent, type WalkRecord } from '../../../bench/walks/recorder';
import { walkResolver } from '../../../bench/walks/resolveWalk';
import { countWalk } from '../../../bench/walks/walkCount';

const root = path.resolve(__dirname, '../../..');
const { instrumentSource, walkInstrumentPlugin } = createRequire(__filename)('../../../scripts/walkInstrument.cjs') as {
  instrumentSource(text: string, fileId: string): string;
  walkInstrumentPlugin(root: string): esbuild.Plugin;
};

const snippet = `
export function declared(x: number): number { return twice(x) + 1; }
const twice = (x: number) => x * 2;
const curried = (a: number) => (b: number) => ({ sum: a + b });
class Base { constructor(readonly start: number) {} }
class Counter extends Base {
  constructor(private step: number) { super(10); }
  get next(): number { return this.start + this.step; }
  set value(v: number) { this.step = v; }
  bump(): number { return this.next; }
}
export const result = [declared(2), curried(1)(2).sum, new Counter(5).bump(), [1, 2].map(function (n) { return n; }).length];
export const posted: unknown[] = [];
const port = { postMessage: (message: unknown) => { posted.push(message); } };
port.postMessage({ type: 'hello', make: () => 3 });
`;

/** Runs instrumented TypeScript as CommonJS with `hooks` as its globals; returns its exports. */
function runInstrumented(hooks: Record<string, unknown>): Record<string, unknown> {
  const javascript = ts.transpileModule(instrumentSource(snippet, 'src/snippet.ts'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: Record<string, unknown> = {};
  const context = vm.createContext({ exports, ...hooks });
  context.globalThis = context;
  vm.runInContext(javascript, context);
  return exports;
}

describe('the walk instrumentation', () => {
  it('reports the entry of every function, method, constructor, accessor and arrow with its file id, and the code still works', () => {
    const entered: string[] = [];
    const messages: Array<[string, unknown]> = [];
    const exports = runInstrumented({
      __elbowWalk: (file: string) => entered.push(file),
      __elbowWalkMessage: (file: string, message: unknown) => {
        messages.push([file, message]);
        return message;
      },
    });
    assert.deepEqual(Array.from(exports.result as number[]), [5, 3, 15, 2]);
    // declared, twice, curried ×2, the two constructors, bump, the getter, the function expression ×2, postMessage's arrow.
    assert.equal(entered.length, 11);
    assert.ok(entered.every((file) => file === 'src/snippet.ts'));
    assert.equal(messages.length, 1);
    assert.deepEqual(messages[0]?.[0], 'src/snippet.ts');
    assert.equal((exports.posted as Array<{ type: string }>)[0], messages[0]?.[1], 'the message itself is posted');
  });

  it('changes nothing when no recorder is set', () => {
    const exports = runInstrumented({});
    assert.deepEqual(Array.from(exports.result as number[]), [5, 3, 15, 2]);
    assert.equal((exports.posted as Array<{ type: string }>)[0]?.type, 'hello');
  });

  it('keeps every line of the source on its line', () => {
    const instrumented = instrumentSource(snippet, 'src/snippet.ts');
    assert.equal(instrumented.split('\n').length, snippet.split('\n').length);
    assert.match(instrumented, /super\(10\);globalThis\.__elbowWalk\?\.\("src\/snippet\.ts"\);/);
  });

  it('finds each entry\'s caller through the bundle\'s source map, and a callback into an importing file as upward', async () => {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-walk-'));
    try {
      fs.mkdirSync(path.join(temp, 'src'));
      fs.writeFileSync(path.join(temp, 'src/low.ts'), 'export function callBack(listener: () => number): number {\n  return listener();\n}\n');
      fs.writeFileSync(path.join(temp, 'src/high.ts'), "import { callBack } from './low';\nexport function start(): number {\n  return callBack(() => 42);\n}\n");
      await esbuild.build({ entryPoints: [path.join(temp, 'src/high.ts')], bundle: true, platform: 'node', format: 'cjs', sourcemap: true, outfile: path.join(temp, 'dist/high.js'), plugins: [walkInstrumentPlugin(temp)], logLevel: 'silent' });
      const scope: Record<string, unknown> = {};
      installWalkRecorder(scope);
      const record = scope.__elbowWalkRecord as WalkRecord;
      const bundle = createRequire(__filename)(path.join(temp, 'dist/high.js')) as { start(): number };
      const hooks = globalThis as Record<string, unknown>;
      Object.assign(hooks, { __elbowWalk: scope.__elbowWalk });
      record.recording = true;
      try {
        assert.equal(bundle.start(), 42);
      } finally {
        delete hooks.__elbowWalk;
      }
      const events: RawWalkEvent[] = record.events;
      const resolved = walkResolver(temp)(events);
      assert.deepEqual(resolved, [
        { kind: 'enter', file: 'src/high.ts' },
        { kind: 'enter', file: 'src/low.ts', caller: 'src/high.ts' },
        { kind: 'enter', file: 'src/high.ts', caller: 'src/low.ts' },
      ]);
      const counts = countWalk({ extension: resolved, webview: [] }, new Map([['src/high.ts', ['src/low.ts']], ['src/low.ts', []]]));
      assert.deepEqual(counts.upward, [{ side: 'extension', caller: 'src/low.ts', callee: 'src/high.ts' }]);
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
  });

  it('is not in the normal build', async function () {
    this.timeout(180_000);
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-plain-build-'));
    try {
      const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'ELBOW_WALK'));
      await promisify(execFile)(process.execPath, ['esbuild.js', `--outdir=${outdir}`], { cwd: root, env: environment });
      const bundles = fs.readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
      assert.ok(bundles.includes('extension.js') && bundles.includes(path.join('webview', 'chat.js')), `bundles built: ${bundles.join(', ')}`);
      for (const bundle of bundles) assert.ok(!fs.readFileSync(path.join(outdir, bundle), 'utf8').includes('__elbowWalk'), `${bundle} is instrumented`);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
