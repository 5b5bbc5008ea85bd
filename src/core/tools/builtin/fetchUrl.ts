import { z } from 'zod';
import type { WebFetchResult, WebPage } from '../../host/webPageFetcher';
import { pageCharacters } from '../resultLimit';
import { defineTool, type ToolContext, type ToolOutput } from '../tool';
import type { ToolCallArguments } from '../../toolContract/toolIdentity';
import { clip, MAX_TITLE, stringArgument } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';
import { PAGE_MAX_LINE_CHARS, takeLinePage } from './linePage';
import { splitLines } from './textFile';

const FETCH_MAX_LINES = 2000;
const FETCH_MAX_BYTES = 100 * 1024;

const inputSchema = z.object({
  url: z.string().describe('The full http or https URL.'),
  offset: z.number().int().min(1).optional().describe('1-based line of the page to start at, to read on. Default 1.'),
});

export const fetchUrlTool = defineTool({
  name: 'fetch_url',
  description: [
    'Read a web page (documentation, an article, an issue, a raw file) as markdown: the main content, its title and its links; other text (JSON, plain text) as it is.',
    'Use it when the user gives a URL or the answer is on a known page. Not for PDFs, images or binaries. The user is asked once per domain.',
    'Pages over 100 KB are cut; the output then says the offset to read on with (reading on does not fetch again). Private and local addresses are refused; a redirect to another host returns its URL for a new call.',
  ].join('\n'),
  inputSchema,
  readOnly: true,
  kind: 'web',
  subjectArgument: 'url',
  title: fetchTitle,
  async execute(input, context) {
    const web = context.host.web;
    if (web === undefined) throw new ToolError('Web pages cannot be read here.');
    const url = parseUrl(input.url);
    const refusal = web.refusal(url);
    if (refusal !== undefined) throw new ToolError(refusal);
    const page = web.cached(url.href) ?? (await fetchAsked(url, context));
    return pageOutput(page, input.offset ?? 1, context);
  },
});

function parseUrl(text: string): URL {
  try {
    return new URL(text.trim());
  } catch {
    throw new ToolError(`"${text}" is not a URL. Give a full address such as https://example.com/page.`);
  }
}

async function fetchAsked(url: URL, context: ToolContext): Promise<WebPage> {
  const web = context.host.web;
  if (web === undefined) throw new ToolError('Web pages cannot be read here.');
  await context.permissions.checkWebPage(url, { toolCallId: context.toolCallId ?? '', signal: context.signal });
  const result = await web.fetch(url, context.signal);
  if (result.kind === 'page') return result.page;
  throw new ToolError(failureMessage(result));
}

function failureMessage(result: Exclude<WebFetchResult, { kind: 'page' }>): string {
  switch (result.kind) {
    case 'redirect':
      return `${result.from} redirects to another host: ${result.location}. It was not followed; to read it, call fetch_url with that URL.`;
    case 'refused':
      return result.reason;
    case 'notReadable':
      return `${result.url} is ${result.contentType}, not a page fetch_url can read (it reads HTML and text).`;
    case 'tooLarge':
      return `${result.url} is larger than ${Math.round(result.limitBytes / (1024 * 1024))} MB; fetch_url stopped reading it. Look for a smaller page (a section, a raw file) instead.`;
    case 'httpError':
      return `${result.url} answered ${result.status}${result.statusText === '' ? '' : ` ${result.statusText}`}; nothing was read.`;
    case 'failed':
      return `${result.url} could not be read: ${result.message}`;
  }
}

function pageOutput(page: WebPage, first: number, context: ToolContext): ToolOutput {
  const lines = splitLines(page.text);
  if (lines.length === 0) return { content: `${page.url} has no readable text.`, summary: `Read ${page.url} (empty)` };
  if (first > lines.length) throw new ToolError(`offset ${first} is past the end of ${page.url}, which has ${lines.length} lines.`);
  const taken = takeLinePage(lines, first, FETCH_MAX_LINES, pageCharacters(context.resultLimit, FETCH_MAX_BYTES));
  const last = first + taken.lines.length - 1;
  const notes: string[] = [];
  if (last < lines.length) notes.push(`[Showing lines ${first}–${last} of ${lines.length}. To read on, call fetch_url with the same url and offset: ${last + 1}.]`);
  if (taken.cutLines > 0) notes.push(`[${taken.cutLines} long line(s) were cut short at ${PAGE_MAX_LINE_CHARS} characters.]`);
  const header = `[${page.url} · ${page.contentType}]`;
  const body = [header, taken.lines.join('\n'), ...(notes.length > 0 ? ['', notes.join('\n')] : [])].join('\n');
  return { content: body, summary: `Read ${page.url} (lines ${first}–${last})` };
}

function fetchTitle(input: ToolCallArguments): string {
  const url = stringArgument(input, 'url');
  return url === undefined ? 'Reading a web page' : `Reading ${clip(url, MAX_TITLE - 'Reading '.length)}`;
}
