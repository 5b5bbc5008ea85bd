import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { elbowDataFolder } from '../../node/dataFolder';
import { migrateSavedConversation, describeNewerFormat } from '../../node/conversations/migrateSavedConversation';
import type { ConversationStore } from '../../node/conversations/conversationStore';
import { UsageError } from '../cliArguments';
import { printable } from '../printable';
import { markdownTranscript } from './markdownTranscript';
import { localTime } from './restoreConversation';
import { cliSessionStore, sessionChoiceOf } from './sessionChoice';

export interface CommandOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
}

/** `elbow sessions` and `elbow export`; `undefined` when `argv` is neither. Returns the exit code. */
export function sessionCommand(argv: readonly string[], output: CommandOutput): Promise<number> | undefined {
  if (argv[0] === 'sessions') return listSessions(argv.slice(1), output);
  if (argv[0] === 'export') return exportSession(argv.slice(1), output);
  return undefined;
}

async function listSessions(argv: readonly string[], { writeOut, writeErr }: CommandOutput): Promise<number> {
  const { values } = parse(argv, { json: { type: 'boolean', default: false }, cwd: { type: 'string' } }, false);
  const store = storeOf(values.cwd, writeErr);
  const rows = [];
  for (const entry of await store.list()) {
    const stored = await store.load(entry.id);
    if (stored === undefined) continue;
    const turns = stored.items.filter((item) => item.kind === 'user').length;
    rows.push({ id: stored.id, title: stored.title, createdAt: stored.createdAt, updatedAt: stored.updatedAt, turns, messages: stored.messages.length, ...(stored.model === undefined ? {} : { model: stored.model }) });
  }
  if (values.json) {
    writeOut(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0) writeErr('No sessions are saved for this folder yet.\n');
  for (const row of rows) writeOut(`${row.id}  ${localTime(row.updatedAt)}  ${String(row.turns).padStart(3)} turn${row.turns === 1 ? ' ' : 's'}  ${printable(row.title)}\n`);
  return 0;
}

async function exportSession(argv: readonly string[], { writeOut, writeErr }: CommandOutput): Promise<number> {
  const { values, positionals } = parse(argv, { format: { type: 'string', default: 'markdown' }, output: { type: 'string' }, cwd: { type: 'string' } }, true);
  if (positionals.length !== 1) throw new UsageError('elbow export takes one session id, e.g. elbow export <id> --format markdown. Run elbow sessions to list them.');
  if (values.format !== 'markdown' && values.format !== 'json') throw new UsageError(`--format must be markdown or json, got "${values.format}".`);
  const choice = sessionChoiceOf(false, positionals[0]);
  if (choice.kind !== 'resume') throw new UsageError('elbow export needs a session id.');
  const store = storeOf(values.cwd, writeErr);
  const file = path.join(store.folder, `${choice.id}.json`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`No session ${choice.id} is saved for this folder. Run elbow sessions to list them.`);
  }
  const reading = migrateSavedConversation(parseJson(text));
  if (reading.kind === 'newer') throw new Error(`${file}: ${describeNewerFormat(reading.version)}.`);
  if (reading.kind === 'invalid') throw new Error(`${file} is not a saved conversation: ${reading.problem}`);
  const exported = values.format === 'json' ? `${JSON.stringify(reading.value, null, 2)}\n` : markdownTranscript(reading.value);
  if (values.output === undefined) writeOut(exported);
  else fs.writeFileSync(values.output, exported, { encoding: 'utf8', mode: 0o600 });
  return 0;
}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parse<T extends Options>(argv: readonly string[], options: T, allowPositionals: boolean): ReturnType<typeof parseArgs<{ options: T; allowPositionals: boolean; strict: true }>> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function storeOf(cwd: string | undefined, writeErr: (text: string) => void): ConversationStore {
  const folder = path.resolve(cwd ?? process.cwd());
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new UsageError(`--cwd: no such folder: ${folder}`);
  const dataFolder = elbowDataFolder(process.env, { platform: process.platform, home: os.homedir() });
  return cliSessionStore(dataFolder, fs.realpathSync(folder), (message) => writeErr(`elbow: ${message}\n`));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
