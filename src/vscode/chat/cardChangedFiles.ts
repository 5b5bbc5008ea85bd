import { combinedReview } from '../../protocol/combinedReview';
import type { EditReview, ToolChangedFile } from '../../protocol/chatItems';

/** One file change a call made, as the host reports it once it is applied. */
export interface AppliedFileChange {
  uri: string;
  path: string;
  change: 'created' | 'modified' | 'deleted';
  added: number;
  removed: number;
  /** For the removal half of a move: the URI of the file's new place, whose change came first. */
  movedTo?: string;
}

/**
 * A call's list of changed files once `change` is on it: a new file is added at the end; a file the call changes
 * again keeps its place and the sum of the counts; the removal half of a move joins the entry of the file's new place.
 */
export function withChangedFile(files: readonly ToolChangedFile[], change: AppliedFileChange, review: EditReview): ToolChangedFile[] {
  const { movedTo, ...applied } = change;
  const destination = movedTo === undefined ? undefined : files.find((file) => file.uri === movedTo);
  if (destination !== undefined) {
    return files.map((file) => (file === destination
      ? { ...file, change: 'moved', from: { uri: applied.uri, path: applied.path, review }, added: applied.added, removed: applied.removed }
      : file));
  }
  const earlier = files.find((file) => file.uri === applied.uri);
  if (earlier === undefined) return [...files, { ...applied, review }];
  return files.map((file) => (file === earlier ? { ...file, change: againChange(file, applied.change), added: (file.added ?? 0) + applied.added, removed: (file.removed ?? 0) + applied.removed, review } : file));
}

/** The list once the file at `uri` was put back as it was: its entry goes; a move put back at its old place is a file created again. */
export function withoutFile(files: readonly ToolChangedFile[], uri: string): ToolChangedFile[] {
  return files.filter((file) => file.uri !== uri).map((file) => {
    if (file.from?.uri !== uri) return file;
    const { from: _from, ...created } = file;
    return { ...created, change: 'created' };
  });
}

/** The user decided every pending change of the file at `uri`: each entry it is part of (a move: either place) shows it. */
export function withReviewDecided(files: readonly ToolChangedFile[], uri: string, review: Exclude<EditReview, 'pending'>): ToolChangedFile[] {
  return files.map((file) => {
    const here = file.uri === uri && file.review === 'pending' ? { ...file, review } : file;
    return here.from?.uri === uri && here.from.review === 'pending' ? { ...here, from: { ...here.from, review } } : here;
  });
}

/** The review of all the call's changes together, for the card's summary. */
export function cardReview(files: readonly ToolChangedFile[]): EditReview | undefined {
  return combinedReview(files.flatMap((file) => [file.review, file.from?.review]));
}

/** A file created and then changed by the same call is still created; one deleted is deleted. */
function againChange(file: ToolChangedFile, change: AppliedFileChange['change']): ToolChangedFile['change'] {
  if (change === 'deleted') return 'deleted';
  return file.change === 'created' || file.change === 'moved' ? file.change : change;
}
