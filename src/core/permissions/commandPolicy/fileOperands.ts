import { normalizeCommandName } from './commandName';

/** Commands whose operands are files, so a plain `key.pem` is as telling as `./key.pem`. */
const fileReaders: ReadonlySet<string> = new Set([
  'cat', 'head', 'tail', 'wc', 'nl', 'less', 'more', 'bat', 'file', 'stat', 'ls', 'du', 'tree', 'diff', 'cmp', 'comm',
  'sort', 'uniq', 'cut', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'shasum', 'cksum', 'base64', 'xxd', 'od',
  'hexdump', 'strings', 'cp', 'mv', 'source', '.',
]);
/** Commands whose first operand is a pattern or program and the rest are files. */
const patternFirstReaders: ReadonlySet<string> = new Set(['grep', 'egrep', 'fgrep', 'rg', 'jq', 'awk', 'sed']);
const patternOptions = /^(?:-[ef]|--regexp|--file|--from-file)/;
/** Commands whose options take one-character delimiters glued on: `cut -d/` names no folder. */
const delimiterTakers: ReadonlySet<string> = new Set(['cut', 'sort', 'paste', 'join', 'column', 'uniq']);

export function takesGluedDelimiters(name: string): boolean {
  return delimiterTakers.has(normalizeCommandName(name));
}

/** The command reads files it is given (`cat`, `grep`, `wc`…). */
export function readsFiles(name: string): boolean {
  const kind = normalizeCommandName(name);
  return fileReaders.has(kind) || patternFirstReaders.has(kind);
}

/** The indexes of `args` that are file operands of the command `name`; empty for commands not known to read files. */
export function fileOperandIndexes(name: string, args: readonly string[]): Set<number> {
  const kind = normalizeCommandName(name);
  const indexes = new Set<number>();
  if (!readsFiles(name)) return indexes;
  let patternPending = patternFirstReaders.has(kind) && !args.some((arg) => patternOptions.test(arg));
  let optionsEnded = false;
  for (const [index, arg] of args.entries()) {
    if (!optionsEnded && arg === '--') optionsEnded = true;
    else if (!optionsEnded && arg.startsWith('-') && arg !== '-') continue;
    else if (patternPending) patternPending = false;
    else indexes.add(index);
  }
  return indexes;
}
