// The Compare panel's page: static HTML, its actions command links. Pure (no `vscode` import) so tests render the very same page.
import { formatCost, formatTokenCount } from '../../format/tokenCount';
import { presetById } from '../../core/llm/presets/providerPresets';
import type { WorktreeTaskStatus } from './worktreeTasks';
import type { ComparedFile, ComparedResult, Comparison } from './compareModel';

export interface CompareHtmlOptions {
  /** `webview.cspSource`: the origin of the page's stylesheets and font. */
  cspSource: string;
  styleUri: string;
  codiconsUri: string;
}

/** The commands the page's links run: the panel allows these and no other. */
export const compareLinkCommands = { openDiff: 'elbow.tasks.compareOpenDiff', review: 'elbow.tasks.compareReview' } as const;

const statusWords: Record<WorktreeTaskStatus, { text: string; icon: string }> = {
  starting: { text: 'Starting', icon: 'loading codicon-modifier-spin' },
  running: { text: 'Running', icon: 'loading codicon-modifier-spin' },
  done: { text: 'Done', icon: 'check' },
  failed: { text: 'Failed', icon: 'error' },
  cancelled: { text: 'Cancelled', icon: 'circle-slash' },
  reviewing: { text: 'In review', icon: 'eye' },
  reviewed: { text: 'Reviewed', icon: 'pass' },
  kept: { text: 'Kept on its branch', icon: 'git-branch' },
  discarded: { text: 'Discarded', icon: 'trash' },
};

/**
 * One column per model (they stack in a narrow panel): status, time, tokens, cost, changed files with their lines
 * added and removed, the answer (text only: a model's words never become markup or links), Open Diff and Review This One.
 * No script: a strict Content Security Policy lets only the stylesheets and the codicon font load.
 */
export function compareHtml(comparison: Comparison, options: CompareHtmlOptions): string {
  const csp = ["default-src 'none'", `style-src ${options.cspSource}`, `font-src ${options.cspSource}`].join('; ');
  const finished = comparison.results.filter((result) => !result.live).length;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(options.codiconsUri)}">
<link rel="stylesheet" href="${escapeHtml(options.styleUri)}">
<title>Compare</title>
</head>
<body>
<header class="prompt">
<h1>Compare ${comparison.results.length} models</h1>
<p class="summary">${finished} of ${comparison.results.length} finished</p>
<p class="prompt-text">${escapeHtml(comparison.prompt)}</p>
</header>
<main class="results">
${comparison.results.map((result, index) => resultHtml(result, index, comparison.chosen)).join('\n')}
</main>
</body>
</html>
`;
}

function resultHtml(result: ComparedResult, index: number, chosen: string | undefined): string {
  const status = statusWords[result.status];
  const heading = `result-${index}`;
  const provider = presetById(result.provider)?.label ?? result.provider;
  const classes = ['result', result.status, result.taskId === chosen ? 'chosen' : ''].filter(Boolean).join(' ');
  return `<section class="${classes}" aria-labelledby="${heading}">
<h2 id="${heading}"><span class="model">${escapeHtml(result.model)}</span> <span class="provider">${escapeHtml(provider)}</span></h2>
<p class="status"><span class="codicon codicon-${status.icon}" aria-hidden="true"></span> ${status.text}</p>
<dl class="facts">
<div><dt>Time</dt><dd>${elapsedText(result.elapsedMs)}</dd></div>
<div><dt>Tokens</dt><dd>${formatTokenCount(result.tokens)}</dd></div>
<div><dt>Cost</dt><dd>${formatCost(result.cost)}</dd></div>
</dl>
${result.live && result.files.length === 0 ? '' : filesHtml(result.files)}
${result.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(result.error)}</p>`}
${answerHtml(result)}
${result.branch === undefined || result.status !== 'kept' ? '' : `<p class="branch">On the branch <code>${escapeHtml(result.branch)}</code></p>`}
${actionsHtml(result)}
</section>`;
}

function filesHtml(files: readonly ComparedFile[]): string {
  if (files.length === 0) return '<p class="files none">No files changed</p>';
  const rows = files.map((file) => {
    const lines = file.lines === undefined
      ? `<span class="binary">${file.kind === 'submodule' ? 'submodule' : 'binary'}</span>`
      : `<span class="added" aria-label="${file.lines.added} added">+${file.lines.added}</span> <span class="removed" aria-label="${file.lines.removed} removed">−${file.lines.removed}</span>`;
    return `<li class="${file.status}"><span class="path" title="${escapeHtml(file.path)}">${escapeHtml(file.path)}</span> <span class="lines">${file.status === 'modified' ? '' : `<span class="file-status">${file.status}</span> `}${lines}</span></li>`;
  });
  return `<h3>${files.length} file${files.length === 1 ? '' : 's'} changed</h3>\n<ul class="files">${rows.join('')}</ul>`;
}

function answerHtml(result: ComparedResult): string {
  if (result.answer === undefined || result.answer.trim() === '') return result.live ? '<p class="answer pending">Working…</p>' : '';
  return `<details class="answer" open><summary>Answer</summary><div class="answer-text">${escapeHtml(result.answer)}</div></details>`;
}

function actionsHtml(result: ComparedResult): string {
  const links = [
    result.canOpenDiff ? commandLink(compareLinkCommands.openDiff, result.taskId, 'diff', 'Open Diff', `Open the changes of ${result.model}`, 'button') : '',
    result.canReview ? commandLink(compareLinkCommands.review, result.taskId, 'eye', 'Review This One', `Review the changes of ${result.model} in the workspace`, 'button primary') : '',
  ].filter(Boolean);
  return links.length === 0 ? '' : `<p class="actions">${links.join(' ')}</p>`;
}

function commandLink(command: string, taskId: string, icon: string, text: string, label: string, classes: string): string {
  const href = `command:${command}?${encodeURIComponent(JSON.stringify([taskId]))}`;
  return `<a class="${classes}" href="${escapeHtml(href)}" aria-label="${escapeHtml(label)}"><span class="codicon codicon-${icon}" aria-hidden="true"></span> ${text}</a>`;
}

/** `8 s`, `1 min 05 s`, `1 h 02 min`. */
export function elapsedText(milliseconds: number): string {
  const seconds = Math.floor(milliseconds / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
