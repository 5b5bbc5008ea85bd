import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { installWalkRecorder, type RawWalkEvent, type RecordedWalk, type WalkRecord } from '../../../bench/walks/recorder';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sleep, startNewChat, stopAndSettle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { runPhase } from '../support/runPhase';

/** Time without a function entered, on both sides, after which a walk is over. */
const QUIET_MS = 1_500;
const EDITED_FILE = 'review/numbers.txt';

/**
 * `npm run bench -- walks`: two walks through an instrumented build (`ELBOW_WALK=1`), recorded in the extension host
 * and the chat webview and written to walks-raw.json for bench/walks/ to count. See docs/testing.md.
 */
export function run(): Promise<void> {
  return runPhase([walkTests]);
}

function walkTests(server: () => FakeLlmServer): void {
  describe('walks', () => {
    const walks: Record<string, RecordedWalk> = {};
    const record = (): WalkRecord => {
      const current = (globalThis as Record<string, unknown>).__elbowWalkRecord as WalkRecord | undefined;
      if (current === undefined) throw new Error('No walk recorder: the phase installs one.');
      return current;
    };

    before(async function () {
      this.timeout(120_000);
      if (!fs.readFileSync(path.join(extensionRoot(), 'dist/extension.js'), 'utf8').includes('__elbowWalk')) {
        throw new Error('dist/ is not instrumented: build with `ELBOW_WALK=1 node esbuild.js` (npm run bench -- walks does).');
      }
      installWalkRecorder(globalThis as Record<string, unknown>);
      await setApiKeyAndClearToasts();
      await startNewChat();
      await openChat();
      await webview.evaluate(`(${installWalkRecorder.toString()})(globalThis)`);
      await webview.evaluate(`window.addEventListener('message', (event) => {
        const record = globalThis.__elbowWalkRecord;
        if (!record.recording) return;
        record.events.push({ kind: 'receive', type: typeof event.data?.type === 'string' ? event.data.type : '' });
        record.lastEventAt = Date.now();
      }, true)`);
    });

    after(() => {
      const output = process.env.ELBOW_TEST_OUTPUT ?? '.';
      fs.writeFileSync(path.join(output, 'walks-raw.json'), JSON.stringify(walks));
    });

    const promptWalk = async (prompt: string, answer: string): Promise<RecordedWalk> => {
      // The pause after the text keeps the rest of the stream out of the walk: it ends once the card shows and all is quiet.
      server().enqueue({ kind: 'reply', chunkSize: 1_000, chunkDelayMs: 4 * QUIET_MS, content: [text(answer)] });
      await webview.fill('#prompt', prompt);
      await untilQuiet(record);
      await startRecording(record);
      await webview.press('#prompt', 'Enter');
      await webview.waitFor('.item-assistant', { text: answer });
      await untilQuiet(record);
      const walk = await stopRecording(record, 'webview');
      await stopAndSettle(server());
      return walk;
    };

    it('prompt → provider → card, the first prompt of a chat', async function () {
      this.timeout(120_000);
      walks.prompt = await promptWalk('Say something short.', 'The answer, in one card.');
    });

    it('prompt → provider → card, a follow-up prompt', async function () {
      this.timeout(120_000);
      walks.followUp = await promptWalk('And once more.', 'The second answer.');
    });

    it('tool call → document → lenses', async function () {
      this.timeout(120_000);
      const uri = workspaceFile(EDITED_FILE);
      await vscode.window.showTextDocument(uri, { preview: false, preserveFocus: true });
      server().enqueue(
        () => {
          // The walk starts as the model is asked for the answer that holds the tool call.
          record().events = [];
          record().recording = true;
          return { kind: 'reply', chunkSize: 10_000, content: [toolCall('edit_file', { path: EDITED_FILE, old_str: 'numbers line 3\n', new_str: 'numbers line three\n' })] };
        },
        // The next request waits, so the walk ends with the edit under review rather than with the model's next answer.
        { kind: 'hang' },
      );
      await webview.fill('#prompt', 'Change line 3.');
      await untilQuiet(record);
      // Only the webview records from Enter: the messages the extension sent during the walk mark its start there.
      record().recording = false;
      await webview.evaluate(`(() => { const record = globalThis.__elbowWalkRecord; record.events = []; record.recording = true; })()`);
      await webview.press('#prompt', 'Enter');
      await page.waitFor('.codelens-decoration', { text: 'Accept', timeoutMs: 30_000 });
      await untilQuiet(record);
      walks.edit = await stopRecording(record, 'extension');
      await stopAndSettle(server());
      await vscode.commands.executeCommand('elbow.acceptAllChanges');
    });
  });
}

function extensionRoot(): string {
  return path.resolve(process.env.ELBOW_TEST_OUTPUT ?? '.', '..');
}

async function startRecording(record: () => WalkRecord): Promise<void> {
  await webview.evaluate(`(() => { const record = globalThis.__elbowWalkRecord; record.events = []; record.recording = true; })()`);
  record().events = [];
  record().recording = true;
}

async function stopRecording(record: () => WalkRecord, startsIn: RecordedWalk['startsIn']): Promise<RecordedWalk> {
  record().recording = false;
  const extension = record().events;
  const webviewEvents = await webview.evaluate<RawWalkEvent[]>(`(() => { const record = globalThis.__elbowWalkRecord; record.recording = false; return record.events; })()`);
  return { startsIn, extension, webview: webviewEvents };
}

/** Waits until neither side has entered a function of src/ for QUIET_MS (recording or not). */
async function untilQuiet(record: () => WalkRecord): Promise<void> {
  const wasRecording = record().recording;
  record().recording = true;
  const webviewWas = await webview.evaluate<boolean>(`(() => { const record = globalThis.__elbowWalkRecord; const was = record.recording; record.recording = true; return was; })()`);
  const mark = record().events.length;
  const deadline = Date.now() + 60_000;
  for (;;) {
    await sleep(250);
    const webviewIdle = await webview.evaluate<number>(`Date.now() - (globalThis.__elbowWalkRecord.lastEventAt || 0)`);
    if (Date.now() - record().lastEventAt >= QUIET_MS && webviewIdle >= QUIET_MS) break;
    if (Date.now() > deadline) throw new Error('Elbow did not go quiet within a minute.');
  }
  if (!wasRecording) record().events.splice(mark);
  record().recording = wasRecording;
  if (!webviewWas) await webview.evaluate(`(() => { globalThis.__elbowWalkRecord.recording = false; })()`);
}
