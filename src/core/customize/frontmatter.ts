import { LineCounter, parseDocument } from 'yaml';
import type { CustomizationProblem } from './customizationProblem';

/** The YAML between the opening `---` line and the next `---` line, and the Markdown after it. */
export interface Frontmatter {
  /** The fields; empty when there is no frontmatter or it could not be read (then `problems` says why). */
  fields: Readonly<Record<string, unknown>>;
  /** The Markdown after the frontmatter (the whole text when there is none). */
  body: string;
  /** The 1-based line of the file a field's key is on; the first line of the frontmatter for one it lacks. */
  lineOf(field: string): number;
  /** `false`: the file has no frontmatter block at all. */
  present: boolean;
  problems: CustomizationProblem[];
}

/** Aliases let a few lines of YAML expand to gigabytes; frontmatter has no need of them. */
const maxAliasCount = 0;

/**
 * Reads a Markdown file's frontmatter. Never throws: YAML that does not parse, or is not a mapping,
 * gives no fields and a problem with the line the parser stopped at.
 */
export function parseFrontmatter(text: string, file: string): Frontmatter {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const opening = /^---[ \t]*\r?\n/.exec(source);
  const closing = opening === null ? null : /^---[ \t]*(\r?\n|$)/m.exec(source.slice(opening[0].length));
  if (opening === null || closing === null) {
    return { fields: {}, body: source, lineOf: () => 1, present: false, problems: [] };
  }
  const yamlText = source.slice(opening[0].length, opening[0].length + closing.index);
  const body = source.slice(opening[0].length + closing.index + closing[0].length);
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true });
  // The YAML starts on the file's second line.
  const fileLine = (offset: number): number => lineCounter.linePos(offset).line + 1;
  const problems: CustomizationProblem[] = document.errors.map((error) => ({
    file,
    line: fileLine(error.pos[0]),
    rule: `the frontmatter is not valid YAML: ${error.message.split('\n', 1)[0] ?? error.message}`,
  }));
  let fields: Record<string, unknown> = {};
  if (problems.length === 0) {
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount });
    } catch (error) {
      problems.push({ file, line: 2, rule: `the frontmatter cannot be read: ${error instanceof Error ? error.message : String(error)}` });
    }
    if (value === null || value === undefined) fields = {};
    else if (typeof value === 'object' && !Array.isArray(value)) fields = plainRecord(value as Record<string, unknown>);
    else if (problems.length === 0) problems.push({ file, line: 2, rule: 'the frontmatter must be a mapping of fields (name: value), not a single value or a list' });
  }
  const keyLines = new Map<string, number>();
  const contents = document.contents;
  if (contents !== null && typeof contents === 'object' && 'items' in contents && Array.isArray(contents.items)) {
    for (const pair of contents.items as Array<{ key?: { value?: unknown; range?: [number, number, number] } }>) {
      const key = pair.key;
      if (key?.range !== undefined && typeof key.value === 'string') keyLines.set(key.value, fileLine(key.range[0]));
    }
  }
  return { fields, body, lineOf: (field) => keyLines.get(field) ?? 1, present: true, problems };
}

/** Copies into an object with no prototype, so a key such as `__proto__` is just a key. */
function plainRecord(value: Record<string, unknown>): Record<string, unknown> {
  const record = Object.create(null) as Record<string, unknown>;
  for (const [key, entry] of Object.entries(value)) record[key] = entry;
  return record;
}
