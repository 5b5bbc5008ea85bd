const MAX_TITLE = 80;
/** Keys whose values best say what a call of an unknown tool is about, in order of preference. */
const tellingKeys = ['path', 'pattern', 'command', 'query', 'url', 'focus'];

type Arguments = Record<string, unknown>;

/**
 * What a tool call does, for its card while it runs, e.g. `Reading src/app.ts (from line 200)`.
 * One line of at most 80 characters; arguments that are missing or malformed give a vaguer title.
 */
export function toolCallTitle(name: string, argumentsJson: string): string {
  const input = parseArguments(argumentsJson);
  return clip(titleFor(name, input), MAX_TITLE);
}

function titleFor(name: string, input: Arguments): string {
  switch (name) {
    case 'read_file':
      return readTitle(input);
    case 'list_files':
      return listTitle(input);
    case 'search':
      return searchTitle(input);
    case 'edit_file':
      return fileTitle('Editing', input);
    case 'write_file':
      return fileTitle('Writing', input);
    case 'delete_file':
      return fileTitle('Deleting', input);
    case 'run_command': {
      const command = stringArgument(input, 'command');
      return command === undefined ? 'Running a command' : `Running ${clip(command, 70)}`;
    }
    case 'read_command_output':
      return `Reading the output of ${clip(stringArgument(input, 'id') ?? 'a command', 40)}`;
    case 'compact':
      return 'Compacting the conversation';
    case 'stop_command':
      return `Stopping ${clip(stringArgument(input, 'id') ?? 'a command', 40)}`;
    default:
      return unknownToolTitle(name, input);
  }
}

function readTitle(input: Arguments): string {
  const path = stringArgument(input, 'path');
  if (path === undefined) return 'Reading a file';
  const offset = input.offset;
  const from = typeof offset === 'number' && Number.isInteger(offset) && offset > 1 ? ` (from line ${offset})` : '';
  return `Reading ${clipPath(path, MAX_TITLE - 'Reading '.length - from.length)}${from}`;
}

function listTitle(input: Arguments): string {
  const path = stringArgument(input, 'path');
  const recursively = input.recursive === true ? ' recursively' : '';
  if (path === undefined || isWorkspaceRoot(path)) return `Listing the workspace${recursively}`;
  return `Listing ${clipPath(path.endsWith('/') ? path : `${path}/`, 55)}${recursively}`;
}

function searchTitle(input: Arguments): string {
  const pattern = stringArgument(input, 'pattern');
  if (pattern === undefined) return 'Searching';
  const path = stringArgument(input, 'path');
  const include = stringArgument(input, 'include');
  const where = path === undefined || isWorkspaceRoot(path) ? '' : ` in ${clipPath(path, 30)}`;
  const only = include === undefined ? '' : ` (${clip(include, 16)})`;
  return `Searching "${clip(pattern, 30)}"${where}${only}`;
}

function fileTitle(verb: string, input: Arguments): string {
  const path = stringArgument(input, 'path');
  return path === undefined ? `${verb} a file` : `${verb} ${clipPath(path, 65)}`;
}

function unknownToolTitle(name: string, input: Arguments): string {
  const key = tellingKeys.find((candidate) => stringArgument(input, candidate) !== undefined)
    ?? Object.keys(input).find((candidate) => stringArgument(input, candidate) !== undefined);
  const value = key === undefined ? undefined : stringArgument(input, key);
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  const shownName = clip(mcp === null ? name : `${mcp[1]} › ${mcp[2]}`, 40);
  return value === undefined ? shownName : `${shownName}: ${clip(value, MAX_TITLE - shownName.length - 2)}`;
}

function parseArguments(argumentsJson: string): Arguments {
  try {
    const value: unknown = JSON.parse(argumentsJson);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Arguments) : {};
  } catch {
    return {};
  }
}

/** A non-blank string argument, on one line. */
function stringArgument(input: Arguments, key: string): string | undefined {
  const value = input[key];
  if (typeof value !== 'string') return undefined;
  const line = oneLine(value);
  return line === '' ? undefined : line;
}

function isWorkspaceRoot(path: string): boolean {
  return path === '.' || path === './';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Paths keep their end, which names the file. */
function clipPath(path: string, max: number): string {
  return path.length > max ? `…${path.slice(path.length - max + 1)}` : path;
}
