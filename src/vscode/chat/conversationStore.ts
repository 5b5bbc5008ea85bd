import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { z } from 'zod';
import { repairHistory } from '../../core/agent/repairHistory';
import type { Message, Usage } from '../../core/llm/messages';
import { chatItemSchema, contextGaugeSchema, conversationListEntrySchema, costSchema, modelInfoSchema, usageSummarySchema, type ChatItem, type ContextGauge, type ConversationListEntry } from '../../protocol/chatItems';

export interface StoredConversation {
  version: 1;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: Message[];
  items: ChatItem[];
  usage: Usage;
  /** What the conversation cost in US dollars; `null` (or absent, in older files) when a price was unknown. */
  cost?: number | null;
  /** How full the model's window was at the last request. */
  context?: ContextGauge;
  model?: { provider: string; model: string };
  /** Pending review and checkpoints of the files the agent changed (see ConversationReview). */
  review?: unknown;
}

const MAX_TITLE = 60;
const INDEX_FILE = 'index.json';
const CONVERSATION_EXTENSION = '.json';
const idPattern = /^[A-Za-z0-9-]{1,64}$/;

/** Messages are checked only as far as repairHistory relies on; the providers' own shapes evolve. */
const storedMessageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('user'), content: z.array(z.looseObject({ type: z.string() })) }),
  z.looseObject({ role: z.literal('assistant'), content: z.array(z.looseObject({ type: z.string() })) }),
  z.looseObject({ role: z.literal('tool'), results: z.array(z.looseObject({ toolCallId: z.string() })) }),
]);

const storedConversationSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z.array(storedMessageSchema),
  items: z.array(chatItemSchema),
  usage: usageSummarySchema,
  cost: costSchema.optional(),
  context: contextGaugeSchema.optional(),
  model: modelInfoSchema.optional(),
  review: z.unknown().optional(),
});

const indexSchema = z.object({ version: z.literal(1), conversations: z.array(conversationListEntrySchema) });

/**
 * Conversations saved as one JSON file each in a folder of their own, with `index.json` listing
 * them so the history opens without reading every file. The index is checked against the folder
 * on each list, since another VS Code window may share the folder.
 */
export class ConversationStore {
  /** Saves and deletes run one at a time, in call order: a later save never loses to an earlier one. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Unreadable files left out of the index, by id, with their modification time: read (and logged) again only once changed. */
  private readonly unreadable = new Map<string, number>();

  constructor(
    private readonly folder: string,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** Newest first. */
  list(): Promise<ConversationListEntry[]> {
    return this.serialised(async () => {
      const summaries = await this.currentIndex();
      return [...summaries.values()].sort((a, b) => b.updatedAt - a.updatedAt);
    });
  }

  /** `undefined` when there is no such conversation or its file is unreadable (logged, left in place). */
  async load(id: string): Promise<StoredConversation | undefined> {
    if (!isValidId(id)) {
      this.log(`Not loading conversation ${JSON.stringify(id)}: not a valid id.`);
      return undefined;
    }
    return this.readConversation(id);
  }

  async save(conversation: StoredConversation): Promise<void> {
    const file = this.fileOf(conversation.id);
    // Taken now: the caller may change the object before the write's turn comes.
    const json = JSON.stringify(conversation);
    const summary: ConversationListEntry = { id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt };
    await this.serialised(async () => {
      await fs.mkdir(this.folder, { recursive: true });
      await writeAtomically(file, json);
      const summaries = await this.currentIndex();
      summaries.set(summary.id, summary);
      await this.writeIndex(summaries);
    });
  }

  async delete(id: string): Promise<void> {
    const file = this.fileOf(id);
    await this.serialised(async () => {
      await fs.rm(file, { force: true });
      const summaries = await this.currentIndex();
      if (summaries.delete(id)) await this.writeIndex(summaries);
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
  private async currentIndex(): Promise<Map<string, ConversationListEntry>> {
    const ids = await this.conversationIds();
    const indexed = await this.readIndex();
    const summaries = new Map<string, ConversationListEntry>();
    if (indexed === undefined && ids.size === 0) return summaries;
    let stale = indexed === undefined;
    for (const summary of indexed ?? []) {
      if (ids.has(summary.id) && !summaries.has(summary.id)) summaries.set(summary.id, summary);
      else stale = true;
    }
    for (const id of ids) {
      if (summaries.has(id)) continue;
      const modified = await this.modifiedAt(id);
      if (modified === undefined || this.unreadable.get(id) === modified) continue;
      const conversation = await this.readConversation(id);
      if (!conversation) {
        this.unreadable.set(id, modified);
        continue;
      }
      this.unreadable.delete(id);
      summaries.set(id, { id, title: conversation.title, updatedAt: conversation.updatedAt });
      stale = true;
    }
    if (stale) await this.writeIndex(summaries).catch((error: unknown) => this.log(`Could not write the conversation index: ${describe(error)}`));
    return summaries;
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

  private async readIndex(): Promise<ConversationListEntry[] | undefined> {
    const file = path.join(this.folder, INDEX_FILE);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if (!isMissing(error)) this.log(`Could not read ${file}, rebuilding it: ${describe(error)}`);
      return undefined;
    }
    const parsed = indexSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      this.log(`${file} is corrupt, rebuilding it.`);
      return undefined;
    }
    return parsed.data.conversations;
  }

  private async writeIndex(summaries: ReadonlyMap<string, ConversationListEntry>): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    await writeAtomically(path.join(this.folder, INDEX_FILE), JSON.stringify({ version: 1, conversations: [...summaries.values()] }));
  }

  private async readConversation(id: string): Promise<StoredConversation | undefined> {
    const file = path.join(this.folder, `${id}${CONVERSATION_EXTENSION}`);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if (!isMissing(error)) this.log(`Could not read conversation ${file}: ${describe(error)}`);
      return undefined;
    }
    const parsed = storedConversationSchema.safeParse(parseJson(text));
    if (!parsed.success || parsed.data.id !== id) {
      this.log(`Skipping corrupt conversation file ${file}${parsed.success ? ': its id does not match its name' : `: ${z.prettifyError(parsed.error)}`}`);
      return undefined;
    }
    try {
      // The schema checked the messages only loosely; repairHistory makes what remains acceptable to the providers.
      const messages = repairHistory(parsed.data.messages as unknown as Message[]);
      return { ...parsed.data, version: 1, messages };
    } catch (error) {
      this.log(`Skipping corrupt conversation file ${file}: ${describe(error)}`);
      return undefined;
    }
  }
}

/** The first non-blank line of the user's first message, made into a short title. */
export function conversationTitle(firstUserText: string): string {
  const line = firstUserText.split('\n').map((candidate) => candidate.replace(/\s+/g, ' ').trim()).find((candidate) => candidate !== '') ?? '';
  if (line === '') return 'New chat';
  return line.length > MAX_TITLE ? `${line.slice(0, MAX_TITLE - 1).trimEnd()}…` : line;
}

/** A reader sees the old file or the new one, never half of one. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temporary, text, 'utf8');
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Safe as a file name in the folder: no separators or dots, and not the index's name on any file system. */
function isValidId(id: string): boolean {
  return idPattern.test(id) && id.toLowerCase() !== INDEX_FILE.slice(0, -CONVERSATION_EXTENSION.length);
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
