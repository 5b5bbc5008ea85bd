import * as path from 'node:path';
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { readCustomizationFile, type CustomizationFile, type CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';
import { isClaudeOnlyEvent, isHookEvent, type HookEvent } from './hookEvents';
import { withHookScripts } from './hookScripts';

/** One command hook, as Claude Code's settings write it: `hooks: { Event: [{ matcher, hooks: [{ type, command, timeout }] }] }`. */
export interface HookEntry {
  event: HookEvent;
  /** Which tools it is for (PreToolUse, PostToolUse); empty or absent: all. */
  matcher?: string;
  command: string;
  /** Seconds. */
  timeout?: number;
  /** The settings file it is from (its origin and trust decide where and whether it runs). */
  file: CustomizationFile;
}

/** Where hooks are read, in each workspace folder and in the home folder: Elbow's own settings, then Claude Code's. */
const workspaceSettings = ['.elbow/settings.json', '.claude/settings.json', '.claude/settings.local.json'];
const userSettings = ['.elbow/settings.json', '.claude/settings.json'];

export async function loadHooks(reader: CustomizationReader): Promise<{ hooks: HookEntry[]; problems: CustomizationProblem[] }> {
  const candidates = [
    ...reader.workspaceRoots.flatMap((root) => workspaceSettings.map((file) => ({ file: path.join(root, ...file.split('/')), origin: 'workspace' as const, root }))),
    ...(reader.homeDirectory === undefined ? [] : userSettings.map((file) => ({ file: path.join(reader.homeDirectory ?? '', ...file.split('/')), origin: 'user' as const, root: reader.homeDirectory ?? '' }))),
  ];
  const hooks: HookEntry[] = [];
  const problems: CustomizationProblem[] = [];
  for (const candidate of candidates) {
    // A settings file that is not there is the usual case, not a problem.
    if ((await reader.files.stat(candidate.file).catch(() => undefined)) === undefined) continue;
    const read = await readCustomizationFile(reader, candidate.file, candidate.origin);
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    const parsed = parseHookSettings(read.file);
    const file = await withHookScripts(reader, read.file, parsed.hooks.map((hook) => hook.command), candidate.root);
    hooks.push(...parsed.hooks.map((hook) => ({ ...hook, file })));
    problems.push(...parsed.problems);
  }
  return { hooks, problems };
}

/** The hooks of one settings file (the rest of the file is other settings, not read here). */
export function parseHookSettings(file: CustomizationFile): { hooks: HookEntry[]; problems: CustomizationProblem[] } {
  const lineOf = lineCounter(file.text);
  const problems: CustomizationProblem[] = [];
  const problem = (node: Node | undefined, rule: string): void => void problems.push({ file: file.path, line: lineOf(node?.offset ?? 0), rule });
  const errors: ParseError[] = [];
  const root = parseTree(file.text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    for (const error of errors) problems.push({ file: file.path, line: lineOf(error.offset), rule: `the settings are not valid JSON: ${printParseErrorCode(error.error)}` });
    return { hooks: [], problems };
  }
  if (root?.type !== 'object') {
    problem(root, 'the settings must be a JSON object');
    return { hooks: [], problems };
  }
  const hooksNode = propertyOf(root, 'hooks');
  if (hooksNode === undefined) return { hooks: [], problems };
  if (hooksNode.type !== 'object') {
    problem(hooksNode, '"hooks" must be an object of events, e.g. { "PreToolUse": [ … ] }');
    return { hooks: [], problems };
  }
  const hooks: HookEntry[] = [];
  for (const [eventKey, groups] of propertiesOf(hooksNode)) {
    const event = String(eventKey.value);
    if (!isHookEvent(event)) {
      problem(eventKey, isClaudeOnlyEvent(event) ? `Elbow does not run ${event} hooks; they are ignored` : `unknown hook event "${event}"`);
      continue;
    }
    if (groups.type !== 'array') {
      problem(groups, `"${event}" must be a list of { "matcher", "hooks" } entries`);
      continue;
    }
    for (const group of groups.children ?? []) hooks.push(...readGroup(event, group, file, problem));
  }
  return { hooks, problems };
}

function readGroup(event: HookEvent, group: Node, file: CustomizationFile, problem: (node: Node | undefined, rule: string) => void): HookEntry[] {
  if (group.type !== 'object') {
    problem(group, `each entry of "${event}" must be an object with "hooks" (and a "matcher")`);
    return [];
  }
  const matcherNode = propertyOf(group, 'matcher');
  const matcher: unknown = matcherNode === undefined ? undefined : getNodeValue(matcherNode);
  if (matcher !== undefined && typeof matcher !== 'string') {
    problem(matcherNode, '"matcher" must be a string, e.g. "Bash" or "Edit|Write"');
    return [];
  }
  if (typeof matcher === 'string' && matcherPattern(matcher) === undefined) {
    problem(matcherNode, `"matcher" is not a valid regular expression: ${matcher}`);
    return [];
  }
  const list = propertyOf(group, 'hooks');
  if (list?.type !== 'array') {
    problem(list ?? group, '"hooks" must be a list of { "type": "command", "command": … } entries');
    return [];
  }
  const entries: HookEntry[] = [];
  for (const hook of list.children ?? []) {
    const value: unknown = getNodeValue(hook);
    if (hook.type !== 'object' || value === null || typeof value !== 'object') {
      problem(hook, 'a hook must be an object { "type": "command", "command": … }');
      continue;
    }
    const { type, command, timeout } = value as Record<string, unknown>;
    if (type !== 'command') {
      problem(propertyOf(hook, 'type') ?? hook, typeof type === 'string' ? `Elbow runs only "command" hooks, not "${type}"` : 'a hook needs "type": "command"');
      continue;
    }
    if (typeof command !== 'string' || command.trim() === '') {
      problem(propertyOf(hook, 'command') ?? hook, 'a command hook needs "command", the command line to run');
      continue;
    }
    if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)) {
      problem(propertyOf(hook, 'timeout'), '"timeout" must be a positive number of seconds');
      continue;
    }
    entries.push({ event, command, file, ...(matcher === undefined || matcher === '' ? {} : { matcher }), ...(timeout === undefined ? {} : { timeout }) });
  }
  return entries;
}

/** A matcher as Claude Code reads it: a name, names joined by `|`, or a regular expression over the whole name; `*` or empty is every tool. */
export function matcherPattern(matcher: string): RegExp | undefined {
  if (matcher === '' || matcher === '*') return /^/;
  try {
    return new RegExp(`^(?:${matcher})$`, 'u');
  } catch {
    return undefined;
  }
}

function propertyOf(node: Node, key: string): Node | undefined {
  return propertiesOf(node).find(([name]) => name.value === key)?.[1];
}

function propertiesOf(node: Node): Array<[Node, Node]> {
  return (node.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key === undefined || value === undefined ? [] : [[key, value] as [Node, Node]];
  });
}

function lineCounter(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return (offset) => {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= offset) line++;
    return line + 1;
  };
}
