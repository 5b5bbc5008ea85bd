import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { congrats, fizzbuzz } from '../../support/seedExperiments';
import { lastAssistantText, openChat, readWorkspaceFile, sendPrompt, textsOf, waitUntilIdle, workspaceFolder } from '../support/chat';
import { webview } from '../support/driver';

function runNode(file: string): string {
  return execFileSync(process.execPath, [file], { cwd: workspaceFolder().fsPath, encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
}

/** The experiments of "How To Build An Agent" (seeds/code-editing-agent-go-deepseek.txt), typed into the real panel. */
export function experimentsTests(server: () => FakeLlmServer): void {
  describe('the seed experiments in the panel', () => {
    before(openChat);

    it('solves the riddle in secret-file.txt with list_files and read_file', async () => {
      server().enqueue(
        { kind: 'reply', content: [text("I'll look around first."), toolCall('list_files', {})] },
        { kind: 'reply', content: [toolCall('read_file', { path: 'secret-file.txt' })] },
        { kind: 'reply', content: [text('A horse: it always says "neigh".')] },
      );
      await sendPrompt('Help me solve the riddle in the secret-file.txt file');
      await webview.waitFor('.item-assistant', { text: 'A horse' });
      await waitUntilIdle();
      const titles = await textsOf('.tool-card[data-status="done"] .tool-title');
      assert.ok(titles.some((title) => title.startsWith('Listed')), titles.join(' | '));
      assert.ok(titles.includes('Read secret-file.txt (lines 1–1)'), titles.join(' | '));
      assert.ok(JSON.stringify(server().requests.at(-1)?.body).includes('always says neigh'), 'the riddle reached the model');
      assert.deepEqual(server().violations, []);
    });

    it('creates fizzbuzz.js, which node runs for 1..100', async () => {
      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: 'fizzbuzz.js', old_str: '', new_str: fizzbuzz })] },
        { kind: 'reply', content: [text('Created fizzbuzz.js.')] },
      );
      await sendPrompt('Create fizzbuzz.js that I can run with Nodejs and that has fizzbuzz in it and executes it');
      await webview.waitFor('.tool-card[data-status="done"]', { text: 'Created fizzbuzz.js' });
      await waitUntilIdle();
      const lines = runNode('fizzbuzz.js').trim().split('\n');
      assert.equal(lines.length, 100);
      assert.deepEqual([lines[0], lines[2], lines[4], lines[14]], ['1', 'Fizz', 'Buzz', 'FizzBuzz']);
    });

    it('edits fizzbuzz.js to stop at 15 and shows "Edited fizzbuzz.js:1 +1 −1"', async () => {
      server().enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: 'fizzbuzz.js' })] },
        { kind: 'reply', content: [toolCall('edit_file', { path: 'fizzbuzz.js', old_str: 'i <= 100', new_str: 'i <= 15' })] },
        { kind: 'reply', content: [text('fizzbuzz.js now stops at 15.')] },
      );
      await sendPrompt('Please edit fizzbuzz.js so that it only prints until 15');
      await webview.waitFor('.tool-card[data-status="done"]', { text: 'Edited fizzbuzz.js:1 +1 −1' });
      await waitUntilIdle();
      assert.match(await readWorkspaceFile('fizzbuzz.js'), /i <= 15/);
      const lines = runNode('fizzbuzz.js').trim().split('\n');
      assert.equal(lines.length, 15);
      assert.equal(lines[14], 'FizzBuzz');
    });

    it('writes congrats.js that rot13-decodes the message', async () => {
      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: 'congrats.js', old_str: '', new_str: congrats })] },
        { kind: 'reply', content: [text('Done: `node congrats.js` prints the message.')] },
      );
      await sendPrompt("Create a congrats.js script that rot13-decodes the following string 'Pbatenghyngvbaf ba ohvyqvat n pbqr-rqvgvat ntrag!' and prints it");
      await webview.waitFor('.item-assistant', { text: 'prints the message' });
      await waitUntilIdle();
      assert.equal(runNode('congrats.js'), 'Congratulations on building a code-editing agent!\n');
      assert.match(await lastAssistantText(), /congrats\.js/);
      assert.deepEqual(server().violations, []);
    });
  });
}
