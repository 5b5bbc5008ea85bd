import type { ResultEvent } from '../cli/stream/streamEvents';

/** In every comment the action writes, so that its own comments never start a run. */
export const ownCommentMarker = '<!-- elbow-action -->';

/** Cost, turns and session of a run, in one small line. */
export function runFooter(result: ResultEvent): string {
  const cost = result.cost === null ? 'cost unknown' : `$${result.cost.toFixed(4)}`;
  return `<sub>Elbow · ${result.turns} turn${result.turns === 1 ? '' : 's'} · ${cost} · session \`${result.sessionId}\`</sub>`;
}

/** What the run answered, or why it stopped without an answer. */
export function runAnswer(result: ResultEvent): string {
  if (result.outcome === 'completed' && result.answer !== null) return result.answer;
  return `Elbow stopped without finishing (${result.outcome}, exit code ${result.exitCode})${result.message === undefined ? '.' : `: ${result.message}`}`;
}

/** The reply on the issue or pull request: the answer, what was published, and the footer. */
export function replyComment(result: ResultEvent, published?: string): string {
  return [runAnswer(result), ...(published === undefined ? [] : ['', published]), '', runFooter(result), ownCommentMarker].join('\n');
}

/** The reply when the run could not start or end (the program failed, a push was refused). */
export function failureComment(message: string, runUrl: string | undefined): string {
  return [`Elbow could not finish: ${message}`, ...(runUrl === undefined ? [] : ['', `The job's log: ${runUrl}`]), ownCommentMarker].join('\n');
}

export function pullRequestBody(result: ResultEvent, diffstat: string, requestedIn: number | undefined): string {
  return [
    ...(requestedIn === undefined ? [] : [`Requested in #${requestedIn}.`, '']),
    runAnswer(result),
    '',
    '```',
    diffstat,
    '```',
    '',
    runFooter(result),
    ownCommentMarker,
  ].join('\n');
}

/** A commit or pull request title from the request's first line. */
export function titleOf(request: string): string {
  const first = request.split('\n').find((line) => line.trim() !== '')?.trim() ?? 'Changes';
  return first.length <= 72 ? first : `${first.slice(0, 71)}…`;
}
