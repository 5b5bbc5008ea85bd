import { performance } from 'node:perf_hooks';
import type { ChatItem } from '../src/protocol/chatItems';
import { assistant, conversation, deltas, tool, user } from '../test/unit/webview/support/chatFixtures';
import { ChatViewHarness, type ChatView } from '../test/unit/webview/support/chatViewHarness';
import { measureInterleaved, summarize, type MeasureOptions } from './measure';
import type { Row } from './report';

const longReply = 'Streaming **markdown** with `code`, a list:\n\n- one\n- two\n\n```ts\nconst answer = 42;\n```\n\nAnd more words. '.repeat(6);
const typed = 'Please refactor the parser and add tests for it';

/** A long session: 500 items of every kind. */
function longConversation(): ChatItem[] {
  const items: ChatItem[] = [];
  for (let index = 0; index < 125; index++) {
    items.push(user(`u${index}`, `Question ${index}: what does module ${index} do?`));
    items.push(tool(`t${index}`, { status: 'done', title: `Read src/module${index}.ts (lines 1–200)`, result: 'export const x = 1;\n'.repeat(40) }));
    items.push(assistant(`a${index}`, `Module ${index} exports \`x\`:\n\n| name | value |\n|---|---|\n| x | 1 |\n\n\`\`\`ts\nexport const x = ${index};\n\`\`\``));
    items.push(assistant(`b${index}`, `That is all for module ${index}.`));
  }
  return items;
}

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

/**
 * The chat webview in headless Chromium: streaming a reply and typing a prompt in a
 * 500-item conversation against the same in an empty one (goal: at most 1.5× the empty
 * conversation), and the time to show the 500 items when a conversation is opened.
 */
export async function webviewRows(rounds: MeasureOptions): Promise<Row[]> {
  const harness = await ChatViewHarness.start();
  try {
    const empty = await harness.open();
    const long = await harness.open();
    const items = longConversation();
    const openSamples: number[] = [];
    for (let run = 0; run < 5; run++) {
      await empty.deliver(conversation([]));
      const started = performance.now();
      await long.deliver(conversation(items, { id: `c${run}` }));
      await long.nextFrame();
      openSamples.push(performance.now() - started);
    }
    await empty.deliver(conversation([], { running: true }));
    await long.deliver(conversation(items, { running: true }));
    await long.page.locator('#prompt').focus();
    await empty.page.locator('#prompt').focus();

    const streaming = await measureInterleaved({ long: { run: () => streamReply(long) }, empty: { run: () => streamReply(empty) } }, rounds);
    await empty.deliver({ type: 'running', running: false });
    await long.deliver({ type: 'running', running: false });
    const typing = await measureInterleaved({ long: { run: () => typePrompt(long) }, empty: { run: () => typePrompt(empty) } }, rounds);
    return [
      { label: `webview: stream a reply (${deltas('x', longReply, 6).length} deltas), 500 items vs empty`, elbow: streaming.long, baseline: streaming.empty, goal: { kind: 'ratio', max: 1.5 } },
      { label: `webview: type ${typed.length} characters, 500 items vs empty`, elbow: typing.long, baseline: typing.empty, goal: { kind: 'ratio', max: 1.5 } },
      { label: 'webview: open a 500-item conversation', elbow: summarize(openSamples), goal: { kind: 'under', ms: 1_000 } },
    ];
  } finally {
    await harness.stop();
  }
}
