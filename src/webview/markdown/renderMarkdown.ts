// Markdown (GFM) → sanitised DOM, for assistant replies.
import { Marked } from 'marked';
import { decorate } from './decorate';
import { highlightCode } from './highlight';
import { isSafeImageSource, sanitize } from './sanitize';

/** Bare formatting tags models use in prose and tables (`a<br>b`, `<kbd>Ctrl</kbd>`); any other HTML shows as text. */
const harmlessTag = /^<(\/?)(br|kbd|sub|sup|b|i|em|strong|s|del|code)\s*\/?>$/i;
/** Tags let through and not closed yet, during one render: a closing tag passes only if its opening tag did. */
const openTags = new Map<string, number>();

function renderHtml(raw: string): string {
  const match = harmlessTag.exec(raw.trim());
  const [, closing, name] = match ?? [];
  if (match === null || name === undefined) return escapeHtml(raw);
  const tag = name.toLowerCase();
  if (tag === 'br') return '<br>';
  const open = openTags.get(tag) ?? 0;
  if (closing === '') {
    openTags.set(tag, open + 1);
    return `<${tag}>`;
  }
  if (open === 0) return escapeHtml(raw);
  openTags.set(tag, open - 1);
  return `</${tag}>`;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    // Raw HTML is shown as text: models mention tags in prose far more often than they mean markup.
    html: ({ text }) => renderHtml(text),
    code: ({ text, lang }) => {
      const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
      const highlighted = highlightCode(text, language);
      const languageClass = language === '' ? '' : ` language-${escapeHtml(language)}`;
      return `<pre><code class="hljs${languageClass}">${highlighted ?? escapeHtml(text)}</code></pre>\n`;
    },
    // Remote images would load by themselves (and could carry data out in their address): show them as links.
    image: ({ href, text }) => {
      if (isSafeImageSource(href)) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
      return `<a class="image-link" href="${escapeHtml(href)}"><span class="codicon codicon-file-media"></span>${escapeHtml(text === '' ? href : text)}</a>`;
    },
    // Task lists without form controls.
    checkbox: ({ checked }) => `<span class="task-checkbox">${checked ? '☑' : '☐'}</span> `,
  },
});

export function renderMarkdown(markdown: string): DocumentFragment {
  openTags.clear();
  const fragment = sanitize(marked.parse(markdown, { async: false }));
  decorate(fragment);
  return fragment;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
