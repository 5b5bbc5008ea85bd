/**
 * The program of a thread that matches regular expressions line by line, started from this
 * string (`new Worker(source, { eval: true })`) so that both bundles and the tests run it
 * without a file of their own. Plain JavaScript (CommonJS): it is not compiled.
 *
 * Each message in: `{ source, flags, texts, wanted, progress }`; out: the first `wanted`
 * matching lines as `{ text: index in texts, line: 1-based, column: where the match starts, content }`. While it matches, the
 * thread keeps the index of the current text in `progress` (a shared Int32Array), for the
 * caller to name the file when matching takes too long. Lines are split at `\n`, a final
 * empty line dropped and one `\r` stripped from each line's end, as ripgrep does.
 */
export const LINE_MATCHER_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
let compiled = { source: undefined, flags: undefined, pattern: undefined };

parentPort.on('message', ({ source, flags, texts, wanted, progress }) => {
  if (compiled.source !== source || compiled.flags !== flags) compiled = { source, flags, pattern: new RegExp(source, flags) };
  const pattern = compiled.pattern;
  const found = [];
  for (let textIndex = 0; textIndex < texts.length && found.length < wanted; textIndex++) {
    Atomics.store(progress, 0, textIndex);
    const lines = texts[textIndex].split('\\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (let index = 0; index < lines.length; index++) {
      const rawLine = lines[index];
      const line = rawLine.endsWith('\\r') ? rawLine.slice(0, -1) : rawLine;
      const column = line.search(pattern);
      if (column < 0) continue;
      found.push({ text: textIndex, line: index + 1, column, content: line });
      if (found.length >= wanted) break;
    }
  }
  parentPort.postMessage(found);
});
`;
