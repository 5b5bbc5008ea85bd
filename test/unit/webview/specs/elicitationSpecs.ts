import assert from 'node:assert/strict';
import type { ChatItemOf } from '../../../../src/protocol/chatItems';
import type { Elicitation } from '../../../../src/protocol/elicitation';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { conversation, tool, user } from '../support/chatFixtures';

const markup = '<img src=x onerror="window.hit=1"> **bold** [link](https://evil.example)';

const form: Elicitation = {
  question: 'q1',
  server: 'Elbow',
  source: '.vscode/mcp.json',
  message: `Which project? ${markup}`,
  mode: 'form',
  state: 'pending',
  fields: [
    { name: 'title', title: `Title ${markup}`, description: 'A short summary', required: true, kind: 'text' },
    { name: 'count', title: 'Count', required: false, kind: 'number', integer: true, minimum: 1, maximum: 9 },
    { name: 'urgent', title: 'Urgent', required: false, kind: 'boolean' },
    { name: 'project', title: 'Project', required: false, kind: 'choice', options: [{ value: 'p-web', title: 'Web <b>site</b>' }, { value: 'p-api', title: 'API' }], default: 'p-api' },
    { name: 'labels', title: 'Labels', required: false, kind: 'choices', options: [{ value: 'bug', title: 'Bug' }, { value: 'ui', title: 'UI' }] },
  ],
};

function mcpCall(id: string, elicitation: Elicitation): ChatItemOf<'tool'> {
  return tool(id, { name: 'mcp__tracker__create_issue', toolKind: 'mcp', title: 'create_issue', arguments: '{}', elicitation });
}

/** An MCP server's question on the card of its call: its words as text, the form's answer posted as typed. */
export function elicitationSpecs(harness: () => ChatViewHarness): void {
  it('shows the server\'s form at 300 px with its words as plain text, and posts what was filled in', async () => {
    const view = await harness().open({ width: 300, height: 700 });
    await view.deliver(conversation([user('u1', 'File a bug')], { running: true }));
    await view.page.locator('#messages').focus();
    await view.deliver({ type: 'itemAdded', item: mcpCall('t1', form) });
    await view.nextFrame();
    const { page } = view;
    const card = page.locator('#messages > .item-tool[data-item-id="t1"] .tool-card');
    assert.equal(await card.locator('.elicitation-asker').innerText(), 'The MCP server "Elbow" (from .vscode/mcp.json) asks — its words, not Elbow\'s:', 'a server named like Elbow is still named as a server, with its file');
    assert.equal(await card.locator('.elicitation-secrets').innerText(), 'Elbow never asks for passwords, API keys or tokens in a server\'s form: do not type them here.');
    assert.equal(await card.locator('.elicitation-message').innerText(), `Which project? ${markup}`);
    assert.equal(await card.locator('.elicitation img, .elicitation a, .elicitation strong, .elicitation b').count(), 0, 'no element made of the server\'s text');
    assert.equal(await page.evaluate(() => (window as unknown as { hit?: number }).hit), undefined);
    assert.equal(await card.locator('[data-field="project"] option:checked').innerText(), 'API');
    assert.equal(await card.locator('[data-field="project"] option[value="p-web"]').innerText(), 'Web <b>site</b>');
    await view.nextFrame();
    assert.match(await page.evaluate(() => `${document.activeElement?.tagName ?? ''}.${document.activeElement?.className ?? ''}`), /^DIV.elicitation$/, 'the keyboard lands on the question (the prompt box did not have it)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing sticks out of the side bar');

    await card.locator('[data-field="title"] input').fill('Crash on save');
    await card.locator('[data-field="count"] input').fill('3');
    await card.locator('[data-field="labels"] label:has-text("UI") input').check();
    await card.locator('.elicitation-accept').click();
    assert.deepEqual(await view.postedOfType('answerElicitation'), [
      { type: 'answerElicitation', itemId: 't1', question: 'q1', action: 'accept', values: { title: 'Crash on save', count: '3', project: 'p-api', labels: ['ui'] } },
    ], 'an untouched box sends nothing');

    await view.deliver({ type: 'itemUpdated', item: mcpCall('t1', { ...form, values: { title: '' }, errors: { title: 'Required.' } }) });
    assert.equal(await card.locator('[data-field="title"] .elicitation-problem').innerText(), 'Required.');
    assert.equal(await card.locator('[data-field="title"] input').getAttribute('aria-invalid'), 'true');
    assert.equal(await card.locator('[data-field="title"] input').inputValue(), 'Crash on save', 'what was typed stays');
    await card.locator('[data-field="title"] input').press('Enter');
    assert.equal((await view.postedOfType('answerElicitation')).length, 2, 'Enter in a field accepts');

    await view.deliver({ type: 'itemUpdated', item: mcpCall('t1', { server: 'Elbow', source: '.vscode/mcp.json', message: form.message, mode: 'form', state: 'declined' }) });
    assert.equal(await card.locator('.elicitation-outcome').innerText(), 'Declined');
    assert.ok(await card.locator('.elicitation-secrets').isHidden(), 'no form, no note');
    assert.ok(await card.locator('.elicitation-actions').isHidden());
    assert.deepEqual(view.errors, []);
  });

  it('shows a page to open by its origin and address as text, opened only by the button', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    await view.deliver(conversation([user('u1', 'Sign in')], { running: true }));
    const url = 'https://auth.example.com/consent?client=elbow&state=abc';
    await view.deliver({ type: 'itemAdded', item: mcpCall('t1', { question: 'q2', server: 'tracker', message: 'Sign in to continue', mode: 'url', url, origin: 'https://auth.example.com', state: 'pending' }) });
    await view.nextFrame();
    const card = view.page.locator('#messages > .item-tool[data-item-id="t1"] .tool-card');
    assert.equal(await card.locator('.elicitation-origin').innerText(), 'Opens a page of https://auth.example.com');
    assert.equal(await card.locator('.elicitation-url').innerText(), url);
    assert.equal(await card.locator('.elicitation a').count(), 0, 'no link to click by mistake');
    assert.equal(await card.locator('.elicitation-accept').innerText(), 'Open in browser');
    assert.equal(await card.locator('.elicitation-asker').innerText(), 'The MCP server "tracker" asks — its words, not Elbow\'s:');
    assert.ok(await card.locator('.elicitation-secrets').isHidden(), 'a page of its own is where one signs in');
    await card.locator('.elicitation-cancel').click();
    assert.deepEqual(await view.postedOfType('answerElicitation'), [{ type: 'answerElicitation', itemId: 't1', question: 'q2', action: 'cancel' }]);
    assert.deepEqual(view.errors, []);
  });
}
