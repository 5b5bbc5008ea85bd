import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { applyEdits, modify, parse, type FormattingOptions, type JSONPath, type ParseError } from 'jsonc-parser';
import { describeJsonError, isBlankJson, mcpServersKeys } from '../core/mcp/mcpConfigParser';
import type { McpConfigFile, McpConfigKind } from '../core/mcp/mcpServerConfig';
import { writeFileAtomically } from './writeFileAtomically';

export type McpServerFlag = 'disabled' | 'alwaysAllow' | 'disabledTools';

/**
 * Changes one setting of a server where the file names it, keeping comments and formatting.
 * `disabled: false` removes the property.
 */
export async function setServerField(file: McpConfigFile, serverName: string, field: McpServerFlag, value: boolean | string[]): Promise<void> {
  if ((field === 'disabled') !== (typeof value === 'boolean')) {
    throw new Error(`Cannot set ${field} of the MCP server "${serverName}": expected ${field === 'disabled' ? 'true or false' : 'a list of tool names'}.`);
  }
  await editSerially(file.path, async (target) => {
    const text = await readIfExists(target);
    if (text === undefined) throw new Error(`Cannot change the MCP server "${serverName}": ${file.display} does not exist.`);
    const document = parseForEdit(text, file.display);
    const key = mcpServersKeys.find((candidate) => {
      const servers = isObject(document) ? document[candidate] : undefined;
      return isObject(servers) && Object.hasOwn(servers, serverName);
    });
    if (key === undefined) throw new Error(`Cannot change the MCP server "${serverName}": ${file.display} has no server of that name.`);
    const removing = field === 'disabled' && value === false;
    await writeKeepingMode(target, edited(text, [key, serverName, field], removing ? undefined : value));
  });
}

/** Adds a server, creating the file (and its folders) when missing; refuses a name already there. */
export async function addMcpServer(file: string, kind: McpConfigKind, name: string, entry: Record<string, unknown>): Promise<void> {
  if (name.trim() === '') throw new Error('An MCP server needs a name.');
  await editSerially(file, async (target) => {
    const text = (await readIfExists(target)) ?? '';
    const document = parseForEdit(text, file);
    const defaultKey = kind === 'vscode' ? 'servers' : 'mcpServers';
    if (document === undefined) {
      const created = JSON.stringify({ [defaultKey]: { [name]: entry } }, undefined, 2);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await writeKeepingMode(target, text.trim() === '' ? `${created}\n` : `${text.trimEnd()}\n${created}\n`);
      return;
    }
    if (!isObject(document)) throw new Error(`Cannot add the MCP server "${name}": ${file} does not hold a JSON object.`);
    const key = mcpServersKeys.find((candidate) => Object.hasOwn(document, candidate)) ?? defaultKey;
    const servers = document[key];
    if (servers !== undefined && !isObject(servers)) throw new Error(`Cannot add the MCP server "${name}": "${key}" in ${file} is not an object.`);
    if (servers !== undefined && Object.hasOwn(servers, name)) throw new Error(`${file} already has an MCP server named "${name}".`);
    await writeKeepingMode(target, edited(text, [key, name], entry));
  });
}

function parseForEdit(text: string, display: string): unknown {
  if (isBlankJson(text)) return undefined;
  const errors: ParseError[] = [];
  const document: unknown = parse(text, errors, { allowTrailingComma: true });
  const [firstError] = errors;
  if (firstError !== undefined) throw new Error(`Cannot change ${display}: ${describeJsonError(text, firstError)}. Fix the file first.`);
  return document;
}

function edited(text: string, at: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, at, value, { formattingOptions: formattingOf(text) }));
}

/** Indents new text the way the file already is indented: tabs, or the first indentation in spaces. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indentation = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indentation?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indentation?.length ?? 2, eol };
}

/** The text without a byte order mark, which JSON parsers do not take (it is not written back). */
async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return (await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const pendingEdits = new Map<string, Promise<void>>();

/** One edit of a file at a time, so two quick toggles do not undo each other; edits the real file behind a link. */
async function editSerially(file: string, edit: (target: string) => Promise<void>): Promise<void> {
  const target = await fs.realpath(file).catch(() => path.resolve(file));
  const previous = pendingEdits.get(target) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(() => edit(target));
  pendingEdits.set(target, current);
  try {
    await current;
  } finally {
    if (pendingEdits.get(target) === current) pendingEdits.delete(target);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file keeps its permissions through the rewrite (it may hold secrets). */
async function writeKeepingMode(file: string, text: string): Promise<void> {
  const mode = await fs.stat(file).then((stats) => stats.mode & 0o777, () => undefined);
  await writeFileAtomically(file, text, mode);
}
