import * as fs from 'node:fs';
import * as path from 'node:path';

export interface MarkdownLink {
  /** The file the link is in. */
  from: string;
  target: string;
  image: boolean;
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

export function linksIn(file: string): MarkdownLink[] {
  const prose = proseOf(fs.readFileSync(file, 'utf8'));
  return [...prose.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => ({ from: file, target: match[2] ?? '', image: match[1] === '!' }));
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(file: string): Set<string> {
  const prose = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const headings = [...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1] ?? '');
  return new Set(headings.map((heading) => heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-')));
}

/** Why a relative link does not lead anywhere, or undefined when it does (web links are not checked). */
export function brokenReason(link: MarkdownLink): string | undefined {
  if (/^[a-z]+:/i.test(link.target)) return undefined;
  const [relative = '', anchor] = link.target.split('#');
  const file = relative === '' ? link.from : path.resolve(path.dirname(link.from), decodeURIComponent(relative));
  if (!fs.existsSync(file)) return `${relative} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return headingAnchors(file).has(anchor) ? undefined : `${path.basename(file)} has no heading #${anchor}`;
}
