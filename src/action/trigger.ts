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
      /** Who asked, when a comment started the run. */
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
  sender?: User;
  issue?: Issue;
  pull_request?: Issue;
}

/** The events whose comment can carry a request when the prompt input is empty. */
export const commentEvents = new Set(['issue_comment', 'pull_request_review_comment']);

/**
 * The request an admitted event makes (admissionOf has already turned away bots, edits, Elbow's own comments and
 * senders without write access): the `prompt` input, or the comment without the trigger phrase.
 */
export function triggerOf(eventName: string, payload: EventPayload, prompt: string, triggerPhrase: string): Trigger {
  const conversation = conversationOf(eventName, payload);
  if (prompt.trim() !== '') return { kind: 'run', request: prompt.trim(), ...(conversation === undefined ? {} : { conversation }) };
  if (!commentEvents.has(eventName)) return { kind: 'skip', reason: `the prompt input is empty and a ${eventName} event is not a comment` };
  const comment = payload.comment;
  const body = typeof comment?.body === 'string' ? comment.body : '';
  const commenter = typeof comment?.user?.login === 'string' ? comment.user.login : 'unknown';
  const request = withoutPhrase(body, triggerPhrase);
  if (request === undefined) return { kind: 'skip', reason: `the comment does not contain ${triggerPhrase} outside quotes and code` };
  if (request === '') return { kind: 'skip', reason: `the comment asks nothing besides ${triggerPhrase}` };
  const place = typeof comment?.path === 'string' ? `${comment.path}${typeof comment.line === 'number' ? ` line ${comment.line}` : ''}` : undefined;
  return { kind: 'run', request, commenter, ...(conversation === undefined ? {} : { conversation }), ...(place === undefined ? {} : { commentPlace: place }) };
}

/**
 * The comment without its first trigger phrase, which must stand as a word of its own (`@elbow`, not `@elbowroom`)
 * outside quotes (`> …`) and fenced code, where it may be someone else's words; undefined without one.
 * Anyone may write the comment, so this looks with indexOf and single-character checks: its time grows with the
 * comment's length, never faster (a pattern with overlapping quantifiers here once took hours on a line of spaces).
 */
export function withoutPhrase(body: string, phrase: string): string | undefined {
  let fence: string | undefined;
  let lineStart = 0;
  while (lineStart <= body.length) {
    const newline = body.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? body.length : newline;
    const line = body.slice(lineStart, lineEnd);
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
    } else if (fenceMark !== undefined) {
      fence = fenceMark;
    } else if (!/^ {0,3}>/.test(line)) {
      const at = phraseIn(line, phrase);
      if (at !== undefined) return requestAround(body, lineStart, lineStart + at, phrase.length);
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return undefined;
}

/** Where the phrase first stands as a word in one line: after a space or the line's start, before an end, a space or punctuation. */
function phraseIn(line: string, phrase: string): number | undefined {
  for (let at = line.indexOf(phrase); at >= 0; at = line.indexOf(phrase, at + 1)) {
    const before = at === 0 ? '' : line[at - 1];
    const after = line[at + phrase.length];
    if ((before === '' || before === ' ' || before === '\t') && (after === undefined || /[\s,.:;!?]/.test(after))) return at;
  }
  return undefined;
}

function requestAround(body: string, lineStart: number, at: number, length: number): string {
  let start = at;
  while (start > lineStart && (body[start - 1] === ' ' || body[start - 1] === '\t')) start--;
  if (start === lineStart) {
    // At the start of a line it goes with what follows it: "@elbow: add a test" asks "add a test".
    let end = at + length;
    if (body[end] === ',' || body[end] === ':') end++;
    while (body[end] === ' ' || body[end] === '\t') end++;
    return `${body.slice(0, lineStart)}${body.slice(end)}`.trim();
  }
  // Inside a line it goes with the comma and spaces before it: "What do you think, @elbow?" asks "What do you think?".
  if (body[start - 1] === ',') {
    start--;
    while (start > lineStart && (body[start - 1] === ' ' || body[start - 1] === '\t')) start--;
  }
  return `${body.slice(0, start)}${body.slice(at + length)}`.trim();
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
