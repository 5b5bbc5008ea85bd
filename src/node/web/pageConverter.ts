/**
 * HTML to readable markdown, in a module that esbuild.js bundles on its own (dist/webPageConverter.js):
 * Readability, linkedom and turndown are loaded when fetch_url first reads a page, never at activation.
 * Load it through `loadPageConverter`.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/** The page's main content (the whole body when Readability finds no article) as markdown, its title as a heading on top, links absolute. */
export function htmlToMarkdown(html: string, pageUrl: string): string {
  const { document } = parseHTML(html);
  makeLinksAbsolute(document, pageUrl);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  const bodyHtml = document.body?.innerHTML ?? html;
  const article = new Readability(document).parse();
  const content = article?.content ?? bodyHtml;
  const title = (article?.title ?? pageTitle).trim();
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove(['script', 'style', 'noscript']);
  const markdown = turndown.turndown(parseHTML(`<html><body>${content}</body></html>`).document.body).trim();
  return title === '' ? markdown : `# ${title}\n\n${markdown}`;
}

function makeLinksAbsolute(document: Document, pageUrl: string): void {
  const base = document.querySelector('base[href]')?.getAttribute('href');
  const baseUrl = absolute(base ?? '', pageUrl) ?? pageUrl;
  for (const [selector, attribute] of [['a[href]', 'href'], ['img[src]', 'src']] as const) {
    for (const element of document.querySelectorAll(selector)) {
      const value = element.getAttribute(attribute) ?? '';
      if (value.startsWith('#') || value.startsWith('javascript:')) continue;
      const resolved = absolute(value, baseUrl);
      if (resolved !== undefined) element.setAttribute(attribute, resolved);
    }
  }
}

function absolute(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}
