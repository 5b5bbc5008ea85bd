// The instrumented build of the walks benchmark (`ELBOW_WALK=1 node esbuild.js`, see bench/walks/): every function of
// src/ reports its entry, and every `postMessage` its message, to a recorder the benchmark sets on `globalThis`.
// Without a recorder the inserted calls do nothing; a normal build never loads this module.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ENTRY_HOOK = 'globalThis.__elbowWalk';
const MESSAGE_HOOK = 'globalThis.__elbowWalkMessage';

/**
 * `text` (TypeScript) with `globalThis.__elbowWalk?.("<fileId>");` at the start of every function body (after the
 * `super(…)` call of a constructor that makes one), expression-bodied arrows turned into block bodies, and the first
 * argument of every `….postMessage(…)` call passed through `globalThis.__elbowWalkMessage`. Text is only inserted,
 * never removed or moved to another line, so positions in the output stay on the input's lines.
 */
function instrumentSource(text, fileId) {
  const source = ts.createSourceFile(fileId, text, ts.ScriptTarget.Latest, true, fileId.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const entry = `${ENTRY_HOOK}?.(${JSON.stringify(fileId)});`;
  /** @type {Array<{ at: number, text: string, closing: boolean, order: number }>} */
  const insertions = [];
  let order = 0;
  const open = (at, inserted) => insertions.push({ at, text: inserted, closing: false, order: order++ });
  const close = (at, inserted) => insertions.push({ at, text: inserted, closing: true, order: order++ });

  const visit = (node) => {
    if (isFunctionWithBody(node)) {
      const body = node.body;
      if (ts.isBlock(body)) {
        open(entryPosition(node, body), entry);
      } else {
        open(body.getStart(source), `{ ${entry} return (`);
        close(body.end, '); }');
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'postMessage' && node.arguments.length > 0) {
      const message = node.arguments[0];
      open(message.getStart(source), `(${MESSAGE_HOOK} ?? ((_file, message) => message))(${JSON.stringify(fileId)}, `);
      close(message.end, ')');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  // At one position: closings first, an inner node's (met later) before its outer node's; then openings, outer first.
  insertions.sort((a, b) => a.at - b.at || Number(b.closing) - Number(a.closing) || (a.closing ? b.order - a.order : a.order - b.order));
  let output = '';
  let last = 0;
  for (const insertion of insertions) {
    output += text.slice(last, insertion.at) + insertion.text;
    last = insertion.at;
  }
  return output + text.slice(last);
}

function isFunctionWithBody(node) {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** Just inside the body's `{`, after its directive prologue, or after a constructor's top-level `super(…)` call. */
function entryPosition(node, body) {
  const statements = body.statements;
  if (ts.isConstructorDeclaration(node)) {
    const superCall = statements.find((statement) => ts.isExpressionStatement(statement) && ts.isCallExpression(statement.expression) && statement.expression.expression.kind === ts.SyntaxKind.SuperKeyword);
    if (superCall !== undefined) return superCall.end;
  }
  let position = body.statements.pos;
  for (const statement of statements) {
    if (!(ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression))) break;
    position = statement.end;
  }
  return position;
}

/**
 * The esbuild plugin: loads each `.ts` file under `<root>/src/` instrumented, its file id the path from the root
 * (`src/vscode/chat/chatView.ts`).
 * @param {string} root
 * @returns {import('esbuild').Plugin}
 */
function walkInstrumentPlugin(root) {
  const sourceRoot = path.join(root, 'src') + path.sep;
  return {
    name: 'walk-instrument',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(sourceRoot) || args.path.endsWith('.d.ts')) return undefined;
        const fileId = path.relative(root, args.path).split(path.sep).join('/');
        return { contents: instrumentSource(fs.readFileSync(args.path, 'utf8'), fileId), loader: 'ts' };
      });
    },
  };
}

module.exports = { instrumentSource, walkInstrumentPlugin };
