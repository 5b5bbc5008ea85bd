import type { Random } from './random';

/** Found in a handful of files (see `workspaceLayout.ts`). */
export const NEEDLE = 'elbowNeedle_Q7x';
/** Found nowhere. */
export const NO_MATCH = 'zq_no_such_token_81';
/** In a comment of about one code file in 25: many more matches than the search tool's cap. */
export const MANY = 'FIXME';
const MANY_SHARE = 0.04;

const WORDS = [
  'account', 'adapter', 'alpha', 'archive', 'batch', 'buffer', 'cache', 'channel', 'client', 'config',
  'cursor', 'delta', 'digest', 'dispatch', 'draft', 'entry', 'event', 'filter', 'format', 'gateway',
  'handle', 'header', 'index', 'item', 'journal', 'kernel', 'label', 'layout', 'ledger', 'limit',
  'marker', 'matrix', 'module', 'node', 'offset', 'order', 'packet', 'parser', 'payload', 'policy',
  'query', 'queue', 'record', 'region', 'render', 'report', 'route', 'sample', 'schema', 'session',
  'signal', 'socket', 'source', 'stream', 'table', 'token', 'tracker', 'update', 'vector', 'window',
];

export function word(random: Random): string {
  return random.pick(WORDS);
}

export function identifier(random: Random): string {
  const second = word(random);
  return `${word(random)}${second.charAt(0).toUpperCase()}${second.slice(1)}`;
}

function sentence(random: Random, min: number, max: number): string {
  const words = Array.from({ length: random.int(min, max) }, () => word(random));
  return words.join(' ');
}

export interface GeneratedText {
  text: string;
  /** Lines holding `MANY`. */
  manyLines: number;
}

/** A few lines of plausible source or prose for a file name ending in `extension`. */
export function fileText(random: Random, extension: string, withNeedle: boolean): GeneratedText {
  const lines = extension === 'md' ? markdownLines(random) : codeLines(random, extension);
  let manyLines = 0;
  if (extension !== 'md' && random.chance(MANY_SHARE)) {
    lines.splice(1, 0, `// ${MANY}: ${sentence(random, 3, 8)}`);
    manyLines++;
  }
  if (withNeedle) lines.splice(Math.min(2, lines.length), 0, `const marker = '${NEEDLE}';`);
  return { text: `${lines.join('\n')}\n`, manyLines };
}

function codeLines(random: Random, extension: string): string[] {
  const name = identifier(random);
  const parameter = word(random);
  const lines = extension === 'js'
    ? [`'use strict';`, `const ${identifier(random)} = require('./${word(random)}');`, `function ${name}(${parameter}) {`]
    : [`import { ${identifier(random)} } from '../${word(random)}';`, `export function ${name}(${parameter}: number): string {`];
  const bodyLines = random.int(1, 8);
  for (let index = 0; index < bodyLines; index++) {
    lines.push(random.chance(0.4)
      ? `  // ${sentence(random, 4, 12)}`
      : `  const ${word(random)}${index} = ${parameter} * ${random.int(2, 999)} + ${random.int(0, 99)};`);
  }
  lines.push(`  return String(${parameter});`, '}');
  if (extension === 'js') lines.push(`module.exports = { ${name} };`);
  return lines;
}

function markdownLines(random: Random): string[] {
  const lines = [`# ${sentence(random, 2, 4)}`, ''];
  const paragraphs = random.int(1, 4);
  for (let index = 0; index < paragraphs; index++) lines.push(`${sentence(random, 8, 20)}.`, '');
  return lines;
}

/** The ~10 MB file the edit case works on: `lines` lines, `EDIT_OLD` once, in the middle. */
export const EDIT_OLD = "const EDIT_TARGET = 'before';";
export const EDIT_NEW = "const EDIT_TARGET = 'after';";

export function bigFileText(random: Random, lines: number): string {
  const out: string[] = [];
  for (let index = 0; index < lines; index++) {
    out.push(index === Math.floor(lines / 2) ? EDIT_OLD : `${String(index).padStart(6, '0')} ${sentence(random, 6, 7)}`);
  }
  return `${out.join('\n')}\n`;
}
