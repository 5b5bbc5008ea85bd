import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { repairHistory } from '../../core/agent/repairHistory';
import { writeFileAtomically } from '../writeFileAtomically';
import type { Message, Usage } from '../../core/llm/messages';
import type { ConversationMode } from '../../core/tools/conversationMode';
import { describeNewerFormat, migrateSavedConversation, migrateSavedConversationIndex } from './migrateSavedConversation';
import type { SavedChatItem } from './savedChatItemSchema';
import { formatVersionAtHead } from './formatVersionAtHead';
import { SAVED_CONVERSATION_FORMAT_VERSION, type SavedConversation, type SavedConversationIndex, type SavedListEntry, type SavedMessage } from './savedConversationSchema';

/** How a host's view items are written and read: VS Code keeps its chat items, the terminal the saved ones as they are. */
export interface SavedItemCodec<Item> {
  /** `[…]`: the items as the saved format writes them. */
  itemsJson(items: readonly Item[]): string;
  itemOf(saved: SavedChatItem): Item;
}

/** The saved items as they are, for a host without a view of its own. */
export const savedItemCodec: SavedItemCodec<SavedChatItem> = {
  itemsJson: (items) => JSON.stringify(items),
  itemOf: (saved) => saved,
};

/** A conversation as the store hands it out and takes it; on disk it is a SavedConversation. */
export interface StoredConversation<Item = SavedChatItem> {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: Message[];
  items: Item[];
  usage: Usage;
  /** What the conversation cost in US dollars; `null` (or absent, in older files) when a price was unknown. */
  cost?: number | null;
  /** How full the model's window was at the last request. */
  context?: SavedConversation['context'];
  model?: { provider: string; model: string };
  /** Pending review and checkpoints of the files the agent changed (see ConversationReview). */
  review?: unknown;
  /** Plan mode or act mode; absent (in older files too): act. */
  mode?: ConversationMode;
  /** The custom agent picked; absent: Agent, or Plan in plan mode. */
  agent?: string;
}

const MAX_TITLE = 60;
const INDEX_FILE = 'index.json';
const CONVERSATION_EXTENSION = '.json';
const idPattern = /^[A-Za-z0-9-]{1,64}$/;
/** Conversations hold the user's code and commands' output: only the user may read them. */
const privateFolder = 0o700;
const privateFile = 0o600;

/**
 * Conversations saved as one JSON file each in a folder of their own, with `index.json` listing
 * them so the history opens without reading every file. The index is checked against the folder
 * on each list, since another VS Code window may share the folder.
 */
export class ConversationStore<Item = SavedChatItem> {
  /** Saves and deletes run one at a time, in call order: a later save never loses to an earlier one. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Unreadable files left out of the index, by id, with their modification time: read (and logged) again only once changed. */
  private readonly unreadable = new Map<string, number>();
  /** The index on disk is of a newer format: it is kept in memory only, and the file left as it is. */
  private indexIsNewer = false;
  /** Per id, the file as this store last loaded or wrote it: `saveIfUnchanged` sees from it whether another process wrote it since. */
  private readonly known = new Map<string, string>();

  constructor(
    readonly folder: string,
    private readonly codec: SavedItemCodec<Item>,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** Newest first. */
  list(): Promise<SavedListEntry[]> {
    return this.serialised(async () => {
      const entries = await this.currentIndex();
      return [...entries.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    });
  }

  /** `undefined` when there is no such conversation or its file is unreadable (logged, left in place). */
  async load(id: string): Promise<StoredConversation<Item> | undefined> {
    if (!isValidId(id)) {
      this.log(`Not loading conversation ${JSON.stringify(id)}: not a valid id.`);
      return undefined;
    }
    // Taken before reading: should another process write in between, the next check sees a change, never misses one.
    const version = await fileVersion(path.join(this.folder, `${id}${CONVERSATION_EXTENSION}`));
    const conversation = await this.readConversation(id);
    if (conversation !== undefined && version !== undefined) this.known.set(id, version);
    return conversation;
  }

  async save(conversation: StoredConversation<Item>): Promise<void> {
    await this.write(conversation, false);
  }

  /**
   * Saves unless another process (the terminal, another window) wrote the conversation since this store
   * last loaded or saved it; then writes nothing and answers `false`, so the caller keeps both.
   */
  saveIfUnchanged(conversation: StoredConversation<Item>): Promise<boolean> {
    return this.write(conversation, true);
  }

  private write(conversation: StoredConversation<Item>, onlyIfUnchanged: boolean): Promise<boolean> {
    const file = this.fileOf(conversation.id);
    // Taken now: the caller may change the object before the write's turn comes.
    const json = savedConversationJson(conversation, this.codec);
    const entry: SavedListEntry = { id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt };
    return this.serialised(async () => {
      const known = this.known.get(conversation.id);
      if (onlyIfUnchanged && known !== undefined) {
        const onDisk = await fileVersion(file);
        if (onDisk !== undefined && onDisk !== known) return false;
      }
      const versionOnDisk = await formatVersionAtHead(file);
      if (versionOnDisk !== undefined && versionOnDisk > SAVED_CONVERSATION_FORMAT_VERSION) {
        throw new Error(`Not saving conversation ${file}: ${describeNewerFormat(versionOnDisk)}.`);
      }
      await fs.mkdir(this.folder, { recursive: true, mode: privateFolder });
      await writeFileAtomically(file, json, privateFile);
      const written = await fileVersion(file);
      if (written !== undefined) this.known.set(conversation.id, written);
      const entries = await this.currentIndex();
      entries.set(entry.id, entry);
      await this.writeIndex(entries);
      return true;
    });
  }

  async delete(id: string): Promise<void> {
    const file = this.fileOf(id);
    await this.serialised(async () => {
      await fs.rm(file, { force: true });
      this.known.delete(id);
      const entries = await this.currentIndex();
      if (entries.delete(id)) await this.writeIndex(entries);
    });
  }

  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writes.then(work);
    this.writes = result.catch(() => undefined);
    return result;
  }

  /** Throws for an id that is not one of ours, e.g. one crafted to reach outside the folder. */
  private fileOf(id: string): string {
    if (!isValidId(id)) throw new Error(`Not a valid conversation id: ${JSON.stringify(id)}`);
    return path.join(this.folder, `${id}${CONVERSATION_EXTENSION}`);
  }

  /** The index, brought in line with the files in the folder (and rewritten) when it is missing, corrupt or stale. */
  private async currentIndex(): Promise<Map<string, SavedListEntry>> {
    const ids = await this.conversationIds();
    const indexed = await this.readIndex();
    const entries = new Map<string, SavedListEntry>();
    if (indexed === undefined && ids.size === 0) return entries;
    let stale = indexed === undefined;
    for (const entry of indexed ?? []) {
      if (ids.has(entry.id) && !entries.has(entry.id)) entries.set(entry.id, entry);
      else stale = true;
    }
    for (const id of ids) {
      if (entries.has(id)) continue;
      const modified = await this.modifiedAt(id);
      if (modified === undefined || this.unreadable.get(id) === modified) continue;
      const conversation = await this.readConversation(id);
      if (!conversation) {
        this.unreadable.set(id, modified);
        continue;
      }
      this.unreadable.delete(id);
      entries.set(id, { id, title: conversation.title, updatedAt: conversation.updatedAt });
      stale = true;
    }
    if (stale) await this.writeIndex(entries).catch((error: unknown) => this.log(`Could not write the conversation index: ${describe(error)}`));
    return entries;
  }

  private async conversationIds(): Promise<Set<string>> {
    let names: string[];
    try {
      names = await fs.readdir(this.folder);
    } catch (error) {
      if (isMissing(error)) return new Set();
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith(CONVERSATION_EXTENSION) && name !== INDEX_FILE)
      .map((name) => name.slice(0, -CONVERSATION_EXTENSION.length))
      .filter((id) => isValidId(id));
    return new Set(ids);
  }

  private async modifiedAt(id: string): Promise<number | undefined> {
    try {
      return (await fs.stat(path.join(this.folder, `${id}${CONVERSATION_EXTENSION}`))).mtimeMs;
    } catch {
      return undefined;
    }
  }

  private async readIndex(): Promise<SavedListEntry[] | undefined> {
    const file = path.join(this.folder, INDEX_FILE);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if (!isMissing(error)) this.log(`Could not read ${file}, rebuilding it: ${describe(error)}`);
      return undefined;
    }
    const reading = migrateSavedConversationIndex(parseJson(text));
    if (reading.kind === 'newer') {
      if (!this.indexIsNewer) this.log(`Not using ${file}: ${describeNewerFormat(reading.version)}; the history is listed from the conversation files.`);
      this.indexIsNewer = true;
      return undefined;
    }
    this.indexIsNewer = false;
    if (reading.kind === 'invalid') {
      this.log(`${file} is corrupt, rebuilding it.`);
      return undefined;
    }
    return reading.value.conversations.map(({ id, title, updatedAt }) => ({ id, title, updatedAt }));
  }

  private async writeIndex(entries: ReadonlyMap<string, SavedListEntry>): Promise<void> {
    if (this.indexIsNewer) return;
    const index: SavedConversationIndex = { version: SAVED_CONVERSATION_FORMAT_VERSION, conversations: [...entries.values()].map(({ id, title, updatedAt }) => ({ id, title, updatedAt })) };
    await fs.mkdir(this.folder, { recursive: true, mode: privateFolder });
    await writeFileAtomically(path.join(this.folder, INDEX_FILE), JSON.stringify(index), privateFile);
  }

  private async readConversation(id: string): Promise<StoredConversation<Item> | undefined> {
    const file = path.join(this.folder, `${id}${CONVERSATION_EXTENSION}`);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if (!isMissing(error)) this.log(`Could not read conversation ${file}: ${describe(error)}`);
      return undefined;
    }
    // The file may come from another machine or be edited: no failure reading it may stop the others being listed, saved or deleted.
    try {
      return this.conversationOfText(file, id, text);
    } catch (error) {
      this.log(`Skipping corrupt conversation file ${file}: ${describe(error)}`);
      return undefined;
    }
  }

  private conversationOfText(file: string, id: string, text: string): StoredConversation<Item> | undefined {
    const reading = migrateSavedConversation(parseJson(text));
    if (reading.kind === 'newer') {
      this.log(`Not loading conversation ${file}: ${describeNewerFormat(reading.version)}.`);
      return undefined;
    }
    if (reading.kind === 'invalid' || reading.value.id !== id) {
      this.log(`Skipping corrupt conversation file ${file}: ${reading.kind === 'invalid' ? reading.problem : 'its id does not match its name'}`);
      return undefined;
    }
    return storedConversationOf(reading.value, this.codec);
  }
}

/** The first non-blank line of the user's first message, made into a short title. */
export function conversationTitle(firstUserText: string): string {
  const line = firstUserText.split('\n').map((candidate) => candidate.replace(/\s+/g, ' ').trim()).find((candidate) => candidate !== '') ?? '';
  if (line === '') return 'New chat';
  return line.length > MAX_TITLE ? `${line.slice(0, MAX_TITLE - 1).trimEnd()}…` : line;
}

/** The saved file's text; the items last, as each item's JSON is kept from one save to the next. */
function savedConversationJson<Item>(conversation: StoredConversation<Item>, codec: SavedItemCodec<Item>): string {
  const head = JSON.stringify(savedConversationOf(conversation));
  return `${head.slice(0, -1)},"items":${codec.itemsJson(conversation.items)}}`;
}

/** Everything but the items, the format's version first. */
function savedConversationOf<Item>(conversation: StoredConversation<Item>): Omit<SavedConversation, 'items'> {
  const { id, title, createdAt, updatedAt, usage, cost, context, model, review } = conversation;
  return {
    version: SAVED_CONVERSATION_FORMAT_VERSION,
    id,
    title,
    createdAt,
    updatedAt,
    // The core's messages, stored as they are: the format checks only what repairHistory relies on.
    messages: conversation.messages as unknown as SavedMessage[],
    usage: { ...usage },
    cost,
    context,
    model,
    review,
    mode: conversation.mode,
    ...(conversation.agent === undefined ? {} : { agent: conversation.agent }),
  };
}

/** Throws when the history cannot be repaired. */
function storedConversationOf<Item>(saved: SavedConversation, codec: SavedItemCodec<Item>): StoredConversation<Item> {
  const { id, title, createdAt, updatedAt, usage, cost, context, model, review } = saved;
  // The schema checked the messages only loosely; repairHistory makes what remains acceptable to the providers.
  const messages = repairHistory(saved.messages as unknown as Message[]);
  const items = saved.items.map((item) => codec.itemOf(item));
  return {
    id,
    title,
    createdAt,
    updatedAt,
    messages,
    items,
    usage,
    // Absent stays absent: a loaded conversation equals the one saved.
    ...(cost === undefined ? {} : { cost }),
    ...(context === undefined ? {} : { context }),
    ...(model === undefined ? {} : { model }),
    ...(review === undefined ? {} : { review }),
    ...(saved.mode === undefined ? {} : { mode: saved.mode }),
    ...(saved.agent === undefined ? {} : { agent: saved.agent }),
  };
}

/** Safe as a file name in the folder: no separators or dots, and not the index's name on any file system. */
function isValidId(id: string): boolean {
  return idPattern.test(id) && id.toLowerCase() !== INDEX_FILE.slice(0, -CONVERSATION_EXTENSION.length);
}

/** Which file is there now: an atomic write makes a new one, and a write in place changes its size or time. */
async function fileVersion(file: string): Promise<string | undefined> {
  try {
    const stat = await fs.stat(file, { bigint: true });
    return `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  } catch {
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
