import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { identifier, word } from '../content';
import { createRandom, type Random } from '../random';

/** What the scripted task looks for: a function defined once and used in `USING_FILES` files. */
export const SYMBOL = 'parseConfig';
export const TOTAL_FILES = 2_000;
export const USING_FILES = 36;
const SEED = 0x5eed_36a;
const AREAS = ['app', 'core', 'data', 'net', 'ui', 'util', 'worker', 'store'];
const FILES_PER_FOLDER = 25;

/**
 * A TypeScript project of `TOTAL_FILES` files of 40 to 160 lines (the size of ordinary source
 * files), `USING_FILES` of which import and call `SYMBOL`; the same on every machine.
 */
export async function writeUsageWorkspace(root: string): Promise<void> {
  const random = createRandom(SEED);
  const usingAt = new Set(Array.from({ length: USING_FILES }, (_, k) => Math.floor(((TOTAL_FILES - 1) * (k + 0.5)) / USING_FILES) + 1));
  const files: Array<{ path: string; text: string }> = [
    { path: 'package.json', text: '{ "name": "usage-bench", "private": true }\n' },
    { path: 'src/config/parseConfig.ts', text: definitionText() },
  ];
  for (let index = 1; index < TOTAL_FILES - 1; index++) {
    const area = AREAS[index % AREAS.length] as string;
    files.push({ path: `src/${area}/${word(random)}-${Math.floor(index / FILES_PER_FOLDER)}/${identifier(random)}${index}.ts`, text: sourceText(random, usingAt.has(index)) });
  }
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(root, file.path)), { recursive: true });
    await fs.writeFile(path.join(root, file.path), file.text);
  }
}

function definitionText(): string {
  return [
    '/** Reads the settings text of a config file into typed settings. */',
    `export function ${SYMBOL}(text: string): Record<string, string> {`,
    '  const settings: Record<string, string> = {};',
    '  for (const line of text.split(\'\\n\')) {',
    '    const [key, value] = line.split(\'=\');',
    '    if (key && value) settings[key.trim()] = value.trim();',
    '  }',
    '  return settings;',
    '}',
    '',
  ].join('\n');
}

function sourceText(random: Random, usesSymbol: boolean): string {
  const lines = [`import { ${identifier(random)} } from '../${word(random)}';`];
  if (usesSymbol) lines.push(`import { ${SYMBOL} } from '../../config/${SYMBOL}';`);
  lines.push('');
  const functions = random.int(3, 12);
  const useIn = random.int(0, functions - 1);
  for (let index = 0; index < functions; index++) {
    const parameter = word(random);
    lines.push(`/** ${sentence(random)} */`, `export function ${identifier(random)}${index}(${parameter}: string): number {`);
    if (usesSymbol && index === useIn) lines.push(`  const settings = ${SYMBOL}(${parameter});`, `  if (settings.${word(random)} === undefined) return 0;`);
    const body = random.int(4, 10);
    for (let line = 0; line < body; line++) {
      lines.push(random.chance(0.3) ? `  // ${sentence(random)}` : `  const ${word(random)}${line} = ${parameter}.length * ${random.int(2, 999)} + ${random.int(0, 99)};`);
    }
    lines.push(`  return ${parameter}.length;`, '}', '');
  }
  return `${lines.join('\n')}\n`;
}

function sentence(random: Random): string {
  return Array.from({ length: random.int(5, 12) }, () => word(random)).join(' ');
}
