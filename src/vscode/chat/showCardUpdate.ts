import type { ToWebview } from '../../protocol/toWebview';
import type { ChatTranscript } from './chatTranscript';
import type { ToolCardUpdate } from './toolCardUpdate';
import { postAll } from './postAll';

/** Puts the update on its card and posts the deltas: the card's id, `undefined` when there is no such card. */
export function showCardUpdate(transcript: ChatTranscript, update: ToolCardUpdate, post: (message: ToWebview) => void): string | undefined {
  const shown = transcript.updateCard(update);
  postAll(post, shown?.messages ?? []);
  return shown?.cardId;
}
