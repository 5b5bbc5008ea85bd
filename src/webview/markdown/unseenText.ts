// Which words of a markdown text its rendering does not show: a link's address or title, a reference definition, an image's title.
import { harmlessTagNames } from './renderMarkdown';

/**
 * Markup the renderer turns into something other than its words, so those words may vanish: list numbers, entities (`&amp;`),
 * the formatting tags it lets through, a link's address that its text repeats. None can carry an instruction.
 */
const markupWithoutWords: readonly (readonly [RegExp, string])[] = [
  [/^[\s>]*\d{1,9}[.)](?=\s|$)/gm, ' '],
  [/&#?[a-z0-9]+;/gi, ' '],
  [new RegExp(`<\\/?(?:${harmlessTagNames})\\s*\\/?>`, 'gi'), ' '],
  // A link whose text is its address (`[src/a.ts](src/a.ts)`) shows its address once.
  [/\[([^[\]\n]+)\]\(<?\1>?\)/g, '$1'],
];

/** Elements whose boundaries separate words on screen (table cells, list items, paragraphs). */
const blockElements = new Set(['BLOCKQUOTE', 'BR', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'LI', 'OL', 'P', 'PRE', 'TABLE', 'TD', 'TH', 'TR', 'UL']);

/**
 * The words of `markdown` that `rendered` (its rendering) does not show, counted: a word written three times must show three
 * times. Any word not shown is reported, whatever the syntax that hid it.
 */
export function unseenWords(markdown: string, rendered: Node): string[] {
  const source = markupWithoutWords.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), markdown);
  // Words split by markup (`foo**bar**`, a highlighted `"\nfoo"`) read one way or the other: a word counts as shown either way.
  const shown = countWords(visibleText(rendered, blockElements));
  for (const [word, count] of countWords(visibleText(rendered, undefined))) shown.set(word, Math.max(count, shown.get(word) ?? 0));
  const unseen: string[] = [];
  for (const word of words(source)) {
    const left = shown.get(word) ?? 0;
    if (left === 0) unseen.push(word);
    else shown.set(word, left - 1);
  }
  return unseen;
}

/** The text of `node`, words parted at the elements named in `parting` (at every element without it). */
function visibleText(node: Node, parting: ReadonlySet<string> | undefined): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  const children = [...node.childNodes].map((child) => visibleText(child, parting)).join('');
  return node instanceof Element && (parting === undefined || parting.has(node.nodeName)) ? `\n${children}\n` : children;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function countWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}
