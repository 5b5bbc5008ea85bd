import { ownCommentMarker } from './replies';

/** The issue or pull request a run was asked from, as the event carried it. */
export interface Conversation {
  number: number;
  isPullRequest: boolean;
  title: string;
  body: string;
  author: string;
}

export type Trigger =
  | {
      kind: 'run';
      /** What to do: the `prompt` input, or the comment without the trigger phrase. */
      request: string;
      conversation?: Conversation;
      /** Who asked, when a comment started the run: their access is checked before anything runs. */
      commenter?: string;
      /** For a review comment: the file and line it is on. */
      commentPlace?: string;
    }
  | { kind: 'skip'; reason: string };

interface User {
  login?: unknown;
  type?: unknown;
}

interface Issue {
  number?: unknown;
  title?: unknown;
  body?: unknown;
  user?: User;
  pull_request?: unknown;
}

export interface EventPayload {
  action?: unknown;
  comment?: { body?: unknown; user?: User; path?: unknown; line?: unknown };
  issue?: Issue;
  pull_request?: Issue;
}

const commentEvents = new Set(['issue_comment', 'pull_request_review_comment']);

/** Whether this event starts a run and with what request; nothing here is trusted yet but the `prompt` input. */
export function triggerOf(eventName: string, payload: EventPayload, prompt: string, triggerPhrase: string): Trigger {
  const conversation = conversationOf(eventName, payload);
  if (prompt.trim() !== '') return { kind: 'run', request: prompt.trim(), ...(conversation === undefined ? {} : { conversation }) };
  if (!commentEvents.has(eventName)) return { kind: 'skip', reason: `the prompt input is empty and a ${eventName} event is not a comment` };
  if (payload.action !== 'created') return { kind: 'skip', reason: `the comment was ${String(payload.action)}, not created` };
  const comment = payload.comment;
  const body = typeof comment?.body === 'string' ? comment.body : '';
  const commenter = typeof comment?.user?.login === 'string' ? comment.user.login : '';
  if (commenter === '' || comment?.user?.type === 'Bot' || commenter.endsWith('[bot]')) return { kind: 'skip', reason: `the comment is by a bot (${commenter || 'unknown'})` };
  if (body.includes(ownCommentMarker)) return { kind: 'skip', reason: 'the comment is one of Elbow\'s own' };
  const request = withoutPhrase(body, triggerPhrase);
  if (request === undefined) return { kind: 'skip', reason: `the comment does not contain ${triggerPhrase}` };
  if (request === '') return { kind: 'skip', reason: `the comment asks nothing besides ${triggerPhrase}` };
  const place = typeof comment?.path === 'string' ? `${comment.path}${typeof comment.line === 'number' ? ` line ${comment.line}` : ''}` : undefined;
  return { kind: 'run', request, commenter, ...(conversation === undefined ? {} : { conversation }), ...(place === undefined ? {} : { commentPlace: place }) };
}

/** The comment without its first trigger phrase, which must stand as a word of its own (`@elbow`, not `@elbowroom`); undefined without one. */
export function withoutPhrase(body: string, phrase: string): string | undefined {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Inside a line the phrase goes with the comma and spaces before it: "What do you think, @elbow?" asks "What do you think?".
  const match = new RegExp(`(^|[ \\t]*,?[ \\t]+)${escaped}(?=$|[\\s,.:;!?])`, 'mu').exec(body);
  if (match === null) return undefined;
  const after = body.slice(match.index + match[0].length);
  // At the start of a line it goes with what follows it instead: "@elbow: add a test" asks "add a test".
  return `${body.slice(0, match.index)}${match[1] === '' ? after.replace(/^[,:]?[ \t]*/, '') : after}`.trim();
}

function conversationOf(eventName: string, payload: EventPayload): Conversation | undefined {
  const issue = eventName === 'issue_comment' || eventName.startsWith('issues') ? payload.issue : (payload.pull_request ?? payload.issue);
  if (issue === undefined || typeof issue.number !== 'number') return undefined;
  return {
    number: issue.number,
    isPullRequest: issue === payload.pull_request || issue.pull_request !== undefined,
    title: typeof issue.title === 'string' ? issue.title : '',
    body: typeof issue.body === 'string' ? issue.body : '',
    author: typeof issue.user?.login === 'string' ? issue.user.login : 'unknown',
  };
}
