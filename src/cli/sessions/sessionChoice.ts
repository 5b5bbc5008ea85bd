import { ConversationStore, savedItemCodec, type StoredConversation } from '../../node/conversations/conversationStore';
import { sessionsFolder } from '../../node/dataFolder';
import { UsageError } from '../cliArguments';

/** A new session, the latest of this folder (`--continue`), or one by id (`--resume ID`). */
export type SessionChoice = { kind: 'new' } | { kind: 'continue' } | { kind: 'resume'; id: string };

const sessionIdPattern = /^[A-Za-z0-9-]{1,64}$/;
const howToList = 'Run elbow sessions to list the sessions saved for this folder.';

export function sessionChoiceOf(continueLatest: boolean, resume: string | undefined): SessionChoice {
  if (continueLatest && resume !== undefined) throw new UsageError('--continue and --resume each pick a session: give one of them.');
  if (resume !== undefined) {
    if (!sessionIdPattern.test(resume)) throw new UsageError(`--resume: ${JSON.stringify(resume)} is not a session id. ${howToList}`);
    return { kind: 'resume', id: resume };
  }
  return continueLatest ? { kind: 'continue' } : { kind: 'new' };
}

/** The sessions of one workspace folder: the store VS Code's History reads for that folder too. */
export function cliSessionStore(dataFolder: string, workspaceFolder: string, log: (message: string) => void): ConversationStore {
  return new ConversationStore(sessionsFolder(dataFolder, workspaceFolder), savedItemCodec, log);
}

/** The conversation to carry on, or `undefined` for a new one; a UsageError when there is none to carry on. */
export async function chosenConversation(store: ConversationStore, choice: SessionChoice): Promise<StoredConversation | undefined> {
  if (choice.kind === 'new') return undefined;
  if (choice.kind === 'resume') {
    const stored = await store.load(choice.id);
    if (stored === undefined) throw new UsageError(`--resume: no session ${choice.id} is saved for this folder (or it could not be read). ${howToList}`);
    return stored;
  }
  for (const entry of await store.list()) {
    const stored = await store.load(entry.id);
    if (stored !== undefined) return stored;
  }
  throw new UsageError('--continue: no session is saved for this folder yet. Run elbow -p "…" or elbow to start one.');
}
