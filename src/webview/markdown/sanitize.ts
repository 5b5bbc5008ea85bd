// DOMPurify with an allow-list: model output is untrusted, and so is anything it quotes from files or the web.
import DOMPurify from 'dompurify';

const allowedTags = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'kbd',
  'li', 'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
];
const allowedAttributes = ['href', 'title', 'alt', 'src', 'class', 'align', 'start'];

/** Links may point to the web, to mail, or (relative) into the workspace; the extension confirms before opening any. */
export function isSafeHref(href: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`), so test without them.
  const compact = [...href].filter((character) => !isSpaceOrControl(character.charCodeAt(0))).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined ? !compact.startsWith('//') : ['http', 'https', 'mailto'].includes(scheme);
}

function isSpaceOrControl(code: number): boolean {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** Only inline images: a remote image would load by itself and could carry data out in its address. */
export function isSafeImageSource(src: string): boolean {
  return /^data:image\/(png|gif|jpeg|webp);base64,[a-z0-9+/=\s]*$/i.test(src);
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element)) return;
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !isSafeHref(href)) node.removeAttribute('href');
    // The tooltip shows where a link really goes, whatever the model titled it.
    const kept = node.getAttribute('href');
    if (kept === null) node.removeAttribute('title');
    else node.setAttribute('title', kept);
  } else if (node.nodeName === 'IMG' && !isSafeImageSource(node.getAttribute('src') ?? '')) {
    node.removeAttribute('src');
  }
});

/** Sanitised DOM, ready to insert: only allow-listed tags and attributes, safe links, inline images. */
export function sanitize(html: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const image of fragment.querySelectorAll('img:not([src])')) image.remove();
  return fragment;
}
