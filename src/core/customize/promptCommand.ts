import type { CustomizationFile, CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';
import { parseFrontmatter, type Frontmatter } from './frontmatter';
import { findPromptFiles, type PromptFileFormat } from './promptFiles';
import { isReservedSlashName } from './reservedSlashNames';

/** A slash command from a prompt file (`.github/prompts/*.prompt.md`, `.claude/commands/*.md`, `.elbow/commands/*.md`). */
export interface PromptCommand {
  /** What follows the `/`. */
  name: string;
  description?: string;
  /** `copilot`: `${input:…}` variables; `claude` (also Elbow's own folders): `$ARGUMENTS`, `$1`…, `!`command`` lines. */
  format: PromptFileFormat;
  /** What to type after the name (`argument-hint`). */
  argumentHint?: string;
  /** Said in the picker when the file asks for tools (`allowed-tools`, `tools`), which are never granted from a file. */
  toolsNote?: string;
  file: CustomizationFile;
  /** The prompt after the frontmatter, before its arguments are filled in. */
  body: string;
}

/** A valid name: letters, digits, `-`, `_`, `.`, and `:` between a folder's namespace and the file's name. */
const namePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*(:[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/**
 * The prompt files of the user's home and of every workspace folder. When two share a name, the
 * first found wins (the user's own, then each workspace folder's `.elbow`, `.claude`, `.github`) and
 * the other is left out with a problem.
 */
export async function loadPromptCommands(reader: CustomizationReader): Promise<{ commands: PromptCommand[]; problems: CustomizationProblem[] }> {
  const { files, problems } = await findPromptFiles(reader);
  const commands: PromptCommand[] = [];
  for (const found of files) {
    if (!found.read.ok) {
      problems.push(found.read.problem);
      continue;
    }
    const file = found.read.file;
    const parsed = promptCommandOf(file, found.name, found.format);
    problems.push(...parsed.problems);
    const command = parsed.command;
    if (command === undefined) continue;
    const winner = commands.find((other) => other.name === command.name);
    if (winner !== undefined) {
      problems.push({ file: file.path, line: 1, rule: `/${command.name} is also defined by ${winner.file.path}, which is used instead` });
      continue;
    }
    commands.push(command);
  }
  return { commands, problems };
}

/** One prompt file's command; undefined (with problems saying why) when it cannot be used at all. */
export function promptCommandOf(file: CustomizationFile, fileName: string, format: PromptFileFormat): { command?: PromptCommand; problems: CustomizationProblem[] } {
  const front = parseFrontmatter(quotedArgumentHint(file.text), file.path);
  const problems = [...front.problems];
  if (front.problems.length > 0) return { problems };
  const text = (field: string): string | undefined => stringField(front, field, file.path, problems);
  const name = (format === 'copilot' ? text('name') : undefined) ?? fileName;
  const at = (field: string): number => front.lineOf(field);
  if (!namePattern.test(name)) {
    problems.push({ file: file.path, line: format === 'copilot' ? at('name') : 1, rule: `"${name}" is not a usable command name: use letters, digits, "-", "_" and "."` });
    return { problems };
  }
  if (isReservedSlashName(name)) {
    problems.push({ file: file.path, line: 1, rule: `/${name} is one of Elbow's own commands; this file is not used` });
    return { problems };
  }
  const description = text('description') ?? firstLine(front.body);
  const argumentHint = text('argument-hint');
  for (const field of ['model', 'agent', 'mode']) text(field);
  const toolsField = format === 'copilot' ? 'tools' : 'allowed-tools';
  const toolsNote = toolsRequest(front, toolsField);
  if (toolsNote !== undefined) problems.push({ file: file.path, line: at(toolsField), rule: toolsNote });
  const command: PromptCommand = { name, format, file, body: front.body.trim() };
  if (description !== undefined) command.description = description;
  if (argumentHint !== undefined) command.argumentHint = argumentHint;
  if (toolsNote !== undefined) command.toolsNote = toolsNote;
  return { command, problems };
}

function stringField(front: Frontmatter, field: string, file: string, problems: CustomizationProblem[]): string | undefined {
  const value = front.fields[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  problems.push({ file, line: front.lineOf(field), rule: `"${field}" must be text; it is ignored` });
  return undefined;
}

/** A tools list asks for approvals or tools a file may not give: said, never applied. */
function toolsRequest(front: Frontmatter, field: string): string | undefined {
  const value = front.fields[field];
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0) || value === '') return undefined;
  return `"${field}" is not applied: a prompt file never approves or adds tools; the command runs with your usual approvals`;
}

function firstLine(body: string): string | undefined {
  const line = body.split(/\r?\n/).map((each) => each.replace(/^#+\s*/, '').trim()).find((each) => each !== '');
  if (line === undefined) return undefined;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/**
 * Claude Code's documented `argument-hint: [pr-number] [priority]` is not valid YAML (a list and
 * then more text); the hint is always text, so a bracketed one is read as the text it is.
 */
function quotedArgumentHint(text: string): string {
  return text.replace(/^(argument-hint:[ \t]*)(\[[^\r\n]*?)[ \t]*$/m, (_line, key: string, value: string) => `${key}${JSON.stringify(value)}`);
}
