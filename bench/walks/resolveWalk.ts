import * as fs from 'node:fs';
import { SourceMap } from 'node:module';
import * as path from 'node:path';
import type { RawWalkEvent } from './recorder';
import type { WalkEvent } from './walkCount';

/**
 * Reads each recorded stack through the source maps of the bundles in `<root>/dist/`: an entry's caller is the
 * nearest frame below the entered function's own that lies in src/ (none when it was called from outside Elbow: an
 * event of VS Code or the browser, a timer, a message).
 */
export function walkResolver(root: string): (events: readonly RawWalkEvent[]) => WalkEvent[] {
  const maps = new Map<string, SourceMap | undefined>();
  const sourceFile = (frame: string): string | undefined => {
    const match = /^(.*):(\d+):(\d+)$/.exec(frame);
    if (match === null) return undefined;
    const [, script = '', line = '0', column = '0'] = match;
    const bundle = bundlePath(root, script);
    if (bundle === undefined) return undefined;
    if (!maps.has(bundle)) maps.set(bundle, readSourceMap(`${bundle}.map`));
    const entry = maps.get(bundle)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (entry === undefined || !('originalSource' in entry)) return undefined;
    const file = path.relative(root, path.resolve(path.dirname(bundle), entry.originalSource)).split(path.sep).join('/');
    return file.startsWith('src/') ? file : undefined;
  };
  return (events) =>
    events.map((event): WalkEvent => {
      if (event.kind !== 'enter') return event;
      for (const frame of event.frames.slice(1)) {
        const caller = sourceFile(frame);
        if (caller !== undefined) return { kind: 'enter', file: event.file, caller };
      }
      return { kind: 'enter', file: event.file };
    });
}

/** The bundle under `<root>/dist/` a stack frame's script is (a path in the extension host, a URL in the webview). */
function bundlePath(root: string, script: string): string | undefined {
  let decoded = script;
  try {
    decoded = decodeURIComponent(script);
  } catch {
    // Not URL-encoded.
  }
  const at = decoded.lastIndexOf('/dist/');
  if (at < 0) return undefined;
  const name = /^[\w./-]+?\.js/.exec(decoded.slice(at + '/dist/'.length))?.[0];
  if (name === undefined || name.includes('..')) return undefined;
  const bundle = path.join(root, 'dist', name);
  return fs.existsSync(bundle) ? bundle : undefined;
}

function readSourceMap(file: string): SourceMap | undefined {
  if (!fs.existsSync(file)) return undefined;
  return new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
}
