import { performance } from 'node:perf_hooks';
import type { ChatItem } from '../src/protocol/chatItems';
import { assistant, conversation, deltas } from '../test/unit/webview/support/chatFixtures';
import { ChatViewHarness, type ChatView } from '../test/unit/webview/support/chatViewHarness';
import { longConversation } from '../test/unit/webview/support/longConversation';
import { measureInterleaved, summarize, type MeasureOptions, type Timing } from './measure';
import type { Row } from './report';

const longReply = 'Streaming **markdown** with `code`, a list:\n\n- one\n- two\n\n```ts\nconst answer = 42;\n```\n\nAnd more words. '.repeat(6);
const typed = 'Please refactor the parser and add tests for it';
const sizes = [500, 5_000] as const;
type Size = (typeof sizes)[number];

let streamed = 0;

/** One reply streamed in small deltas into a new item, until it is painted. */
async function streamReply(view: ChatView): Promise<void> {
  const id = `live${streamed++}`;
  await view.deliver({ type: 'itemAdded', item: assistant(id, '') }, ...deltas(id, longReply, 6));
  await view.nextFrame();
}

async function typePrompt(view: ChatView): Promise<void> {
  await view.page.locator('#prompt').fill('');
  await view.page.keyboard.type(typed);
  await view.nextFrame();
}

async function open(view: ChatView, items: ChatItem[], id: string): Promise<number> {
  const started = performance.now();
  await view.deliver(conversation(items, { id }));
  await view.nextFrame();
  return performance.now() - started;
}

/** Jumps to the top, waits until the first item is painted, and back to the bottom. */
async function topAndBack(view: ChatView): Promise<void> {
  await view.page.evaluate(() => {
    (document.querySelector('#messages') as HTMLElement).scrollTop = 0;
  });
  await view.page.waitForFunction(() => document.querySelector('#messages .item')?.getAttribute('data-item-id') === 'u0');
  await view.nextFrame();
  await view.page.evaluate(() => {
    const messages = document.querySelector('#messages') as HTMLElement;
    messages.scrollTop = messages.scrollHeight;
  });
  await view.nextFrame();
}

/** Scrolls up `screens` screens from the bottom, one a frame, as a held PageUp would; the time per screen. */
async function pageUp(view: ChatView, screens: number): Promise<number> {
  const elapsed = await view.page.evaluate(async (count) => {
    const messages = document.querySelector('#messages') as HTMLElement;
    messages.scrollTop = messages.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    // `window.`: the bare name is this module's import from node:perf_hooks.
    const started = window.performance.now();
    for (let screen = 0; screen < count; screen++) {
      messages.scrollTop -= messages.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return window.performance.now() - started;
  }, screens);
  await view.page.evaluate(() => {
    const messages = document.querySelector('#messages') as HTMLElement;
    messages.scrollTop = messages.scrollHeight;
  });
  return elapsed / screens;
}

/** The page's JavaScript heap after a full garbage collection, in MB, and its DOM node count. */
async function heapOf(view: ChatView): Promise<{ mb: number; nodes: number }> {
  const session = await view.page.context().newCDPSession(view.page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    const nodes = await view.page.evaluate(() => document.getElementsByTagName('*').length);
    return { mb: usedSize / 1_048_576, nodes };
  } finally {
    await session.detach();
  }
}

/**
 * The chat webview in headless Chromium: streaming a reply and typing a prompt in 500- and 5,000-item conversations
 * against the same in an empty one (goal: at most 1.5× the empty conversation), the time to show the items when a
 * conversation is opened, scrolling the 5,000 items, and each page's heap (logged).
 */
export async function webviewRows(rounds: MeasureOptions, log: (line: string) => void): Promise<Row[]> {
  const harness = await ChatViewHarness.start();
  try {
    const empty = await harness.open();
    const views = { 500: await harness.open(), 5_000: await harness.open() } satisfies Record<Size, ChatView>;
    const openings = {} as Record<Size, Timing>;
    for (const size of sizes) {
      const items = longConversation(size);
      const samples: number[] = [];
      for (let run = 0; run < 5; run++) {
        await views[size].deliver(conversation([]));
        samples.push(await open(views[size], items, `c${size}-${run}`));
      }
      openings[size] = summarize(samples);
    }
    const heaps = [`empty ${describeHeap(await heapOf(empty))}`];
    for (const size of sizes) heaps.push(`${size.toLocaleString('en')} items ${describeHeap(await heapOf(views[size]))}`);

    const scrollSamples: number[] = [];
    const pageSamples: number[] = [];
    for (let run = 0; run < 7; run++) {
      const started = performance.now();
      await topAndBack(views[5_000]);
      scrollSamples.push(performance.now() - started);
      pageSamples.push(await pageUp(views[5_000], 20));
    }

    const all = [empty, views[500], views[5_000]];
    for (const view of all) {
      await view.deliver({ type: 'running', running: true });
      await view.page.locator('#prompt').focus();
    }
    const series = { empty, 500: views[500], 5_000: views[5_000] };
    const streaming = await measureInterleaved(mapSeries(series, streamReply), rounds);
    for (const view of all) await view.deliver({ type: 'running', running: false });
    const typing = await measureInterleaved(mapSeries(series, typePrompt), rounds);
    const heapAfter = await heapOf(views[5_000]);
    heaps.push(`5,000 items after streaming ${2 * (rounds.warmup + rounds.runs)} replies and scrolling ${describeHeap(heapAfter)}`);
    log(`\nWebview heap after a full collection: ${heaps.join('; ')}.`);
    return [
      ...sizes.flatMap((size): Row[] => [
        { label: `webview: stream a reply (${deltas('x', longReply, 6).length} deltas), ${size} items vs empty`, elbow: streaming[size], baseline: streaming.empty, goal: { kind: 'ratio', max: 1.5 } },
        { label: `webview: type ${typed.length} characters, ${size} items vs empty`, elbow: typing[size], baseline: typing.empty, goal: { kind: 'ratio', max: 1.5 } },
        { label: `webview: open a ${size}-item conversation`, elbow: openings[size], goal: { kind: 'under', ms: size === 500 ? 1_000 : 1_500 } },
      ]),
      { label: 'webview: 5000 items, jump to the top (first item painted) and back', elbow: summarize(scrollSamples), goal: { kind: 'under', ms: 500 } },
      { label: 'webview: 5000 items, scroll up a screen a frame (per screen)', elbow: summarize(pageSamples), goal: { kind: 'under', ms: 50 } },
    ];
  } finally {
    await harness.stop();
  }
}

function mapSeries(views: Record<'empty' | Size, ChatView>, run: (view: ChatView) => Promise<void>): Record<'empty' | '500' | '5000', { run: () => Promise<void> }> {
  return { empty: { run: () => run(views.empty) }, 500: { run: () => run(views[500]) }, 5000: { run: () => run(views[5_000]) } };
}

function describeHeap(heap: { mb: number; nodes: number }): string {
  return `${heap.mb.toFixed(1)} MB (${heap.nodes.toLocaleString('en')} elements)`;
}
