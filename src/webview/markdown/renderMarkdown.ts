// Markdown (GFM) → sanitised DOM, for assistant replies.
import { Marked, type MarkedExtension, type Tokens } from 'marked';
import { decorate } from './decorate';
import { highlightCode } from './highlight';
import { isSafeImageSource, sanitize } from './sanitize';

/** Bare formatting tags models use in prose and tables (`a<br>b`, `<kbd>Ctrl</kbd>`); any other HTML shows as text. */
export const harmlessTagNames = 'br|kbd|sub|sup|b|i|em|strong|s|del|code';
const harmlessTag = new RegExp(`^<(\\/?)(${harmlessTagNames})\\s*\\/?>$`, 'i');
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

// Remote images would load by themselves (and could carry data out in their address): show them as links.
function renderImage({ href, text }: Tokens.Image): string {
  if (isSafeImageSource(href)) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
  return `<a class="image-link" href="${escapeHtml(href)}"><span class="codicon codicon-file-media"></span>${escapeHtml(text === '' ? href : text)}</a>`;
}

const options = { gfm: true, breaks: false, async: false } as const;
const chatRendering: MarkedExtension = {
  renderer: {
    // Raw HTML is shown as text: models mention tags in prose far more often than they mean markup.
    html: ({ text }) => renderHtml(text),
    code: ({ text, lang }) => {
      const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
      const highlighted = highlightCode(text, language);
      const languageClass = language === '' ? '' : ` language-${escapeHtml(language)}`;
      return `<pre><code class="hljs${languageClass}">${highlighted ?? escapeHtml(text)}</code></pre>\n`;
    },
    image: renderImage,
    // Task lists without form controls.
    checkbox: ({ checked }) => `<span class="task-checkbox">${checked ? '☑' : '☐'}</span> `,
  },
};
const marked = new Marked(options, chatRendering);

/** Where a link or image goes and its title, as text after it, when its words do not already say so. */
function destination(...parts: readonly (string | null | undefined)[]): string {
  const shown = parts.filter((part): part is string => part !== undefined && part !== null && part !== '');
  return shown.length === 0 ? '' : `<span class="link-destination"> ⟨${escapeHtml(shown.join(' '))}⟩</span>`;
}

const markedShowingDestinations = new Marked(options, chatRendering, {
  renderer: {
    link({ href, title, text, tokens }) {
      const saysWhere = href === text;
      return `<a href="${escapeHtml(href)}">${this.parser.parseInline(tokens)}</a>${destination(saysWhere ? undefined : href, title === null || title === undefined ? undefined : `"${title}"`)}`;
    },
    image(token) {
      const { href, title, text } = token;
      const unsaid = isSafeImageSource(href) ? text : text === '' ? undefined : href;
      return `${renderImage(token)}${destination(unsaid, title === null || title === undefined ? undefined : `"${title}"`)}`;
    },
  },
});

/** `showDestinations` writes out every link's and image's address and title, for text the user must read in full before acting on it. */
export function renderMarkdown(markdown: string, { showDestinations = false } = {}): DocumentFragment {
  openTags.clear();
  const fragment = sanitize((showDestinations ? markedShowingDestinations : marked).parse(markdown, { async: false }));
  decorate(fragment);
  return fragment;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
