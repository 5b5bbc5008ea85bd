import { ownCommentMarker } from './replies';
import { commentEvents, type EventPayload } from './trigger';

/** Events only someone with write access can cause: running a workflow by hand, its schedule, a push, a dispatch through the API. */
const writerOnlyEvents = new Set(['workflow_dispatch', 'schedule', 'push', 'repository_dispatch']);

/** GitHub allows 65,536 characters in a comment; anything longer did not come from GitHub and is not looked at. */
const commentLimit = 65_536;

export type Admission =
  | { kind: 'skip'; reason: string }
  /** `checkAccessOf`: whose write access must be confirmed before the body is read further or anything runs; none for writer-only events. */
  | { kind: 'admit'; checkAccessOf?: string };

/**
 * Who may start a run, decided before the comment is parsed: every event an outsider can cause (issues, comments,
 * pull requests, reviews, discussions…) needs its sender to have write access, with or without the `prompt` input.
 * Bots and Elbow's own comments never start a run, nor does an edited or deleted comment.
 */
export function admissionOf(eventName: string, payload: EventPayload, actor: string, prompt: string, triggerPhrase: string): Admission {
  // Any event that carries a comment (issues', review, discussion, commit comments) is judged as the comment.
  const isComment = payload.comment !== undefined;
  if (prompt.trim() === '' && !commentEvents.has(eventName)) return { kind: 'skip', reason: `the prompt input is empty and a ${eventName} event is not a comment` };
  const sender = isComment ? payload.comment?.user : (payload.sender ?? (actor === '' ? undefined : { login: actor }));
  const login = typeof sender?.login === 'string' ? sender.login : '';
  if (login !== '' && (sender?.type === 'Bot' || login.endsWith('[bot]'))) return { kind: 'skip', reason: `the event is by a bot (${login})` };
  if (isComment) {
    if (payload.action !== 'created') return { kind: 'skip', reason: `the comment was ${String(payload.action)}, not created` };
    const body = typeof payload.comment?.body === 'string' ? payload.comment.body : '';
    if (body.includes(ownCommentMarker)) return { kind: 'skip', reason: 'the comment is one of Elbow\'s own' };
    if (body.length > commentLimit) return { kind: 'skip', reason: `the comment is longer than the ${commentLimit} characters GitHub allows` };
    if (prompt.trim() === '' && !body.includes(triggerPhrase)) return { kind: 'skip', reason: `the comment does not contain ${triggerPhrase}` };
  }
  if (writerOnlyEvents.has(eventName)) return { kind: 'admit' };
  if (login === '') return { kind: 'skip', reason: `the ${eventName} event names no sender whose access could be checked` };
  return { kind: 'admit', checkAccessOf: login };
}
