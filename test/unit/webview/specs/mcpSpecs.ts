import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { McpServerInfo, McpState, McpToolInfo } from '../../../../src/protocol/mcpServers';
import type { ChatView, ChatViewHarness, HarnessWindow } from '../support/chatViewHarness';
import { setEditorFont } from '../support/editorFont';

function mcpTool(name: string, fields: Partial<McpToolInfo> = {}): McpToolInfo {
  return { name, modelName: `mcp__github__${name}`, description: `Does ${name}.`, readOnly: false, enabled: true, alwaysAllowed: false, ...fields };
}

function server(name: string, fields: Partial<McpServerInfo> = {}): McpServerInfo {
  return { name, state: 'connected', transport: 'stdio', source: '.elbow/mcp.json', tools: [], resources: [], resourceTemplates: [], ...fields };
}

const github = server('github', {
  tools: [
    mcpTool('list_issues', { readOnly: true, alwaysAllowed: true, description: 'Lists the issues of a repository.' }),
    mcpTool('create_issue', { description: 'Creates an issue.' }),
    mcpTool('delete_repo', { enabled: false }),
  ],
});

const allStates: McpState = {
  servers: [
    server('starting', { state: 'connecting', transport: 'http', source: '.vscode/mcp.json' }),
    github,
    server('broken', { state: 'failed', error: 'spawn broken-mcp ENOENT; trying again in 30 s' }),
    server('off', { state: 'disabled', source: '~/.elbow/mcp.json' }),
    server('lazy', { state: 'idle', transport: 'sse' }),
  ],
  problems: ['.elbow/mcp.json: servers.x.command must be a string', '.vscode/mcp.json: not valid JSON'],
  warning: '140 tools is more than most models handle well: turn some off.',
};

function mcp(state: McpState): { type: 'mcp'; state: McpState } {
  return { type: 'mcp', state };
}

function row(page: Page, name: string): Locator {
  return page.locator(`#mcp .mcp-server[data-server="${name}"]`);
}

async function focusedElement(page: Page): Promise<{ id: string; className: string; server: string | undefined; tool: string | undefined }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      id: element?.id ?? '',
      className: element?.className ?? '',
      server: element?.closest<HTMLElement>('.mcp-server')?.dataset.server,
      tool: element?.closest<HTMLElement>('.mcp-tool')?.dataset.tool,
    };
  });
}

async function isInert(page: Page): Promise<boolean> {
  return page.evaluate(() => (document.querySelector('#main') as HTMLElement).inert);
}

async function openPanel(view: ChatView, state: McpState = allStates): Promise<Locator> {
  await view.deliver(mcp(state));
  await view.page.locator('#mcp-button').click();
  const panel = view.page.locator('#mcp');
  await panel.waitFor();
  return panel;
}

export function mcpSpecs(harness: () => ChatViewHarness): void {
  it('marks the header button in the warning colour, with the reason in its label, only when something needs attention', async () => {
    const view = await harness().open();
    const { page } = view;
    await page.evaluate(() => document.documentElement.style.setProperty('--vscode-editorWarning-foreground', 'rgb(205, 150, 10)'));
    const button = page.locator('#mcp-button');
    const badge = button.locator('.mcp-badge');
    const expectLabel = async (label: string, dot: boolean) => {
      assert.equal(await button.getAttribute('aria-label'), label);
      assert.equal(await button.getAttribute('title'), label);
      assert.equal(await badge.isVisible(), dot, `dot for ${label}`);
      assert.equal(await badge.getAttribute('aria-hidden'), 'true');
    };
    assert.equal(await page.evaluate(() => document.querySelector('#mcp-button')?.previousElementSibling?.id), 'history-button');
    assert.match((await button.locator('.codicon').getAttribute('class')) ?? '', /codicon-server-environment/);
    await expectLabel('MCP servers', false);

    await view.deliver(mcp({ servers: [], problems: [] }));
    await expectLabel('MCP servers', false);
    await view.deliver(mcp({ servers: [server('a'), server('b', { state: 'connecting' }), server('c', { state: 'disabled' }), server('d', { state: 'idle' })], problems: [] }));
    await expectLabel('MCP servers', false);

    await view.deliver(mcp({ servers: [server('a', { state: 'failed', error: 'exited' })], problems: [] }));
    await expectLabel('MCP servers: 1 server failed', true);
    assert.equal(await badge.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(205, 150, 10)');
    await view.deliver(mcp({ servers: [], problems: ['.elbow/mcp.json: not valid JSON'] }));
    await expectLabel('MCP servers: 1 configuration problem', true);
    await view.deliver(mcp({ servers: [server('a')], problems: [], warning: 'Too many tools.' }));
    await expectLabel('MCP servers: too many tools', true);
    await view.deliver(mcp(allStates));
    await expectLabel('MCP servers: 1 server failed, 2 configuration problems, too many tools', true);
    await view.deliver(mcp({ servers: [server('a')], problems: [] }));
    await expectLabel('MCP servers', false);
    assert.deepEqual(view.errors, []);
  });

  it('opens from the header by mouse and keyboard as a modal dialog, and lists each server with its status, origin and error', async () => {
    const view = await harness().open();
    const { page } = view;
    const panel = page.locator('#mcp');
    assert.ok(await panel.isHidden());
    await view.deliver(mcp(allStates));
    await page.locator('#mcp-button').focus();
    await page.keyboard.press('Enter');
    assert.ok(await panel.isVisible());
    assert.equal(await panel.getAttribute('role'), 'dialog');
    assert.equal(await panel.getAttribute('aria-modal'), 'true');
    assert.equal(await page.getByRole('dialog', { name: 'MCP Servers' }).count(), 1);
    assert.equal((await focusedElement(page)).id, 'mcp-title', 'the dialog starts at its title');
    assert.ok(await isInert(page), 'the chat behind is inert');
    assert.deepEqual((await view.posted()).map((message) => message.type), ['ready'], 'opening is the page’s own business');

    assert.deepEqual(await panel.locator('.mcp-server .mcp-server-name').allTextContents(), ['starting', 'github', 'broken', 'off', 'lazy']);
    assert.deepEqual(await panel.locator('.mcp-server .mcp-server-status').allTextContents(), ['Connecting…', 'Connected', 'Failed', 'Disabled', 'Not started']);
    assert.equal(await row(page, 'starting').locator('.mcp-server-meta').textContent(), 'HTTP · .vscode/mcp.json');
    assert.equal(await row(page, 'lazy').locator('.mcp-server-meta').textContent(), 'SSE · .elbow/mcp.json');
    assert.equal(await row(page, 'off').locator('.mcp-server-meta').textContent(), 'stdio · ~/.elbow/mcp.json');
    assert.match(await row(page, 'lazy').innerText(), /Starts when a conversation first needs tools/);
    assert.equal(await row(page, 'broken').locator('.mcp-server-error').textContent(), 'spawn broken-mcp ENOENT; trying again in 30 s');
    assert.equal(await panel.locator('.mcp-server-error:visible').count(), 1, 'only the failed server shows an error');
    assert.match((await row(page, 'github').locator('.mcp-server-status-icon').getAttribute('class')) ?? '', /codicon-pass-filled/);
    assert.match((await row(page, 'starting').locator('.mcp-server-status-icon').getAttribute('class')) ?? '', /codicon-loading/);

    assert.ok(await row(page, 'off').locator('.mcp-server-restart').isHidden(), 'no Restart for a disabled server');
    for (const name of ['starting', 'github', 'broken', 'lazy']) assert.ok(await row(page, name).locator('.mcp-server-restart').isVisible(), name);
    assert.equal(await row(page, 'off').locator('.mcp-server-toggle').innerText(), 'Enable');
    assert.equal(await row(page, 'github').locator('.mcp-server-toggle').innerText(), 'Disable');
    assert.equal(await row(page, 'github').locator('.mcp-server-toggle').getAttribute('aria-label'), 'Disable github');
    assert.equal(await row(page, 'github').locator('.mcp-server-restart').getAttribute('aria-label'), 'Restart github');

    assert.equal(await panel.locator('#mcp-warning').textContent(), allStates.warning);
    assert.deepEqual(await panel.locator('#mcp-problems li').allTextContents(), allStates.problems);
    assert.ok(await panel.locator('#mcp-empty').isHidden());

    await page.locator('#mcp-close').click();
    assert.ok(await panel.isHidden());
    assert.ok(!(await isInert(page)));
    await page.locator('#mcp-button').click();
    assert.ok(await panel.isVisible(), 'a click opens it too');
    assert.deepEqual(view.errors, []);
  });

  it('keeps the latest state while closed and updates the open panel in place', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(mcp({ servers: [server('a', { state: 'connecting' })], problems: ['bad'] }));
    await view.deliver(mcp({ servers: [server('a'), server('b', { state: 'idle' })], problems: [] }));
    await page.locator('#mcp-button').click();
    const panel = page.locator('#mcp');
    assert.deepEqual(await panel.locator('.mcp-server-status').allTextContents(), ['Connected', 'Not started']);
    assert.ok(await panel.locator('#mcp-problems').isHidden());
    assert.ok(await panel.locator('#mcp-warning').isHidden());
    const first = await row(page, 'a').elementHandle();
    await view.deliver(mcp({ servers: [server('b', { state: 'connecting' }), server('a', { state: 'failed', error: 'closed' })], problems: [] }));
    assert.deepEqual(await panel.locator('.mcp-server-name').allTextContents(), ['b', 'a']);
    assert.deepEqual(await panel.locator('.mcp-server-status').allTextContents(), ['Connecting…', 'Failed']);
    assert.ok(await first?.evaluate((element) => element === document.querySelector('.mcp-server[data-server="a"]')), 'the row is the same element');
  });

  it('posts Restart, Enable and Disable, the tool checkboxes, Add server and Open configuration', async () => {
    const view = await harness().open();
    const { page } = view;
    const panel = await openPanel(view);
    await row(page, 'broken').locator('.mcp-server-restart').click();
    await row(page, 'github').locator('.mcp-server-toggle').click();
    await row(page, 'off').locator('.mcp-server-toggle').click();
    await row(page, 'github').locator('.mcp-tools-summary').click();
    await panel.getByRole('checkbox', { name: 'Give to the model create_issue' }).uncheck();
    await panel.getByRole('checkbox', { name: 'Give to the model delete_repo' }).check();
    await page.locator('#mcp-add-server').click();
    await page.locator('#mcp-open-config').click();
    assert.deepEqual((await view.posted()).slice(1), [
      { type: 'mcpRestart', server: 'broken' },
      { type: 'mcpSetServerEnabled', server: 'github', enabled: false },
      { type: 'mcpSetServerEnabled', server: 'off', enabled: true },
      { type: 'mcpSetToolEnabled', server: 'github', tool: 'create_issue', enabled: false },
      { type: 'mcpSetToolEnabled', server: 'github', tool: 'delete_repo', enabled: true },
      { type: 'mcpAddServer' },
      { type: 'mcpOpenConfig' },
    ]);
    assert.ok(await panel.isVisible(), 'the panel stays open');
  });

  it('lists a server’s tools collapsed, with their tags, descriptions and checkboxes', async () => {
    const view = await harness().open();
    const { page } = view;
    await openPanel(view);
    const tools = row(page, 'github').locator('details.mcp-tools');
    assert.equal(await tools.getAttribute('open'), null, 'collapsed at first');
    assert.equal(await tools.locator('summary').textContent(), '3 tools · 1 turned off');
    assert.ok(await row(page, 'lazy').locator('.mcp-tools').isHidden(), 'no tool list before a server has tools');
    assert.ok(await row(page, 'lazy').locator('.mcp-tools-none').isHidden());
    await tools.locator('summary').focus();
    await page.keyboard.press('Enter');
    assert.equal(await tools.getAttribute('open'), '');
    assert.deepEqual(await tools.locator('.mcp-tool-name').allTextContents(), ['list_issues', 'create_issue', 'delete_repo']);
    const listIssues = tools.locator('.mcp-tool[data-tool="list_issues"]');
    assert.ok(await listIssues.locator('.mcp-tag-read-only').isVisible());
    assert.ok(await listIssues.locator('.mcp-tag-always').isVisible());
    assert.equal(await listIssues.locator('.mcp-tag-always').textContent(), 'always allowed');
    assert.equal(await tools.locator('.mcp-tag:visible').count(), 2, 'tags only where they apply');
    assert.equal(await listIssues.locator('.mcp-tool-description').getAttribute('title'), 'Lists the issues of a repository.');
    assert.deepEqual(await tools.locator('.mcp-tool-enabled').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked)), [true, true, false]);
    assert.equal(await tools.locator('.mcp-tool-toggle').first().innerText(), 'Give to the model');

    const long = 'Searches the code of every repository the token can read, with qualifiers for language, path and owner. '.repeat(6);
    await view.deliver(mcp({ servers: [server('github', { tools: [mcpTool('search', { description: long })] })], problems: [] }));
    const description = tools.locator('.mcp-tool-description');
    assert.equal(await description.getAttribute('title'), long.trim());
    const lines = await description.evaluate((element) => element.clientHeight / parseFloat(getComputedStyle(element).lineHeight));
    assert.ok(lines <= 2.1, `clamped to two lines: ${lines}`);
    assert.equal(await tools.locator('summary').textContent(), '1 tool');

    await view.deliver(mcp({ servers: [server('github')], problems: [] }));
    assert.equal(await row(page, 'github').locator('.mcp-tools-none').innerText(), 'No tools');
  });

  it('keeps an opened tool list open and the focus on the control just used across state updates', async () => {
    const view = await harness().open();
    const { page } = view;
    const panel = await openPanel(view);
    const tools = row(page, 'github').locator('details.mcp-tools');
    await tools.locator('summary').click();
    const checkbox = panel.getByRole('checkbox', { name: 'Give to the model create_issue' });
    await checkbox.focus();
    await page.keyboard.press('Space');
    assert.deepEqual(await view.postedOfType('mcpSetToolEnabled'), [{ type: 'mcpSetToolEnabled', server: 'github', tool: 'create_issue', enabled: false }]);

    const updated = server('github', { tools: github.tools.map((tool) => (tool.name === 'create_issue' ? { ...tool, enabled: false } : tool)) });
    // Moved to the top (which takes the row out of the document for a moment), it still keeps its focus and its open list.
    await view.deliver(mcp({ ...allStates, servers: [updated, server('new'), ...allStates.servers.filter((entry) => entry.name !== 'github')] }));
    assert.equal(await tools.getAttribute('open'), '', 'still open');
    assert.deepEqual(await focusedElement(page).then(({ server: name, tool }) => [name, tool]), ['github', 'create_issue']);
    assert.equal(await checkbox.isChecked(), false);
    assert.equal(await tools.locator('summary').textContent(), '3 tools · 2 turned off');
    await page.keyboard.press('Space');
    assert.equal((await view.postedOfType('mcpSetToolEnabled'))[1]?.enabled, true, 'the keyboard goes on where it was');

    await row(page, 'broken').locator('.mcp-server-restart').focus();
    await view.deliver(mcp({ ...allStates, servers: allStates.servers.map((entry) => (entry.name === 'broken' ? server('broken', { state: 'connecting' }) : entry)) }));
    assert.deepEqual(await focusedElement(page).then(({ server: name, className }) => [name, className]), ['broken', 'mcp-server-restart secondary-button']);
    await view.deliver(mcp({ ...allStates, servers: allStates.servers.map((entry) => (entry.name === 'broken' ? server('broken', { state: 'disabled' }) : entry)) }));
    assert.deepEqual(await focusedElement(page).then(({ server: name, className }) => [name, className]), ['broken', 'mcp-server-toggle secondary-button'], 'Restart went away: the toggle takes the focus');
    await view.deliver(mcp({ ...allStates, servers: allStates.servers.filter((entry) => entry.name !== 'broken') }));
    assert.equal((await focusedElement(page)).id, 'mcp-title', 'its server went away: the focus stays in the dialog');
  });

  it('shows an empty state naming the configuration files, with Add server', async () => {
    const view = await harness().open();
    const { page } = view;
    const panel = await openPanel(view, { servers: [], problems: [] });
    const empty = panel.locator('#mcp-empty');
    assert.ok(await empty.isVisible());
    assert.ok(await panel.locator('#mcp-servers').isHidden());
    assert.match(await empty.innerText(), /MCP servers give Elbow more tools/);
    assert.deepEqual(await empty.locator('code').allTextContents(), ['.elbow/mcp.json', '.vscode/mcp.json', '~/.elbow/mcp.json']);
    await empty.getByRole('button', { name: 'Add an MCP server' }).click();
    assert.deepEqual(await view.postedOfType('mcpAddServer'), [{ type: 'mcpAddServer' }]);
    await view.deliver(mcp({ servers: [server('a')], problems: [] }));
    assert.ok(await empty.isHidden());
    assert.equal(await page.locator('#mcp .mcp-server').count(), 1);
  });

  it('shows hostile server names, errors, tool names, descriptions, problems and warnings as text', async () => {
    const payload = '<img src=x onerror="window.__xss=1">';
    const view = await harness().open();
    const { page } = view;
    const panel = await openPanel(view, {
      servers: [
        server(payload, {
          state: 'failed',
          error: payload,
          source: payload,
          tools: [mcpTool(payload, { description: payload, modelName: payload })],
        }),
      ],
      problems: [payload],
      warning: payload,
    });
    await panel.locator('.mcp-tools-summary').click();
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__xss), undefined);
    assert.equal(await page.locator('img, script:not([nonce]), [onerror]').count(), 0);
    assert.equal(await panel.locator('.mcp-server-name').textContent(), payload);
    assert.equal(await panel.locator('.mcp-server').getAttribute('data-server'), payload);
    assert.equal(await panel.locator('.mcp-server-error').textContent(), payload);
    assert.equal(await panel.locator('.mcp-server-meta').textContent(), `stdio · ${payload}`);
    assert.equal(await panel.locator('.mcp-tool-name').textContent(), payload);
    assert.equal(await panel.locator('.mcp-tool-description').textContent(), payload);
    assert.equal(await panel.locator('#mcp-problems li').textContent(), payload);
    assert.equal(await panel.locator('#mcp-warning').textContent(), payload);
    await panel.locator('.mcp-tool-enabled').uncheck();
    await panel.locator('.mcp-server-restart').click();
    assert.deepEqual((await view.posted()).slice(1), [
      { type: 'mcpSetToolEnabled', server: payload, tool: payload, enabled: false },
      { type: 'mcpRestart', server: payload },
    ]);
    assert.deepEqual(await view.cspViolations(), []);
  });

  it('closes on Escape, giving the focus back to the header button; one panel over the chat at a time', async () => {
    const view = await harness().open();
    const { page } = view;
    const panel = await openPanel(view);
    await row(page, 'github').locator('.mcp-server-toggle').focus();
    await page.keyboard.press('Escape');
    assert.ok(await panel.isHidden());
    assert.ok(!(await isInert(page)));
    assert.equal((await focusedElement(page)).id, 'mcp-button');

    await page.keyboard.press('Enter');
    assert.ok(await panel.isVisible());
    await view.deliver({ type: 'history', conversations: [{ id: 'a', title: 'One', updatedAt: Date.now() }] });
    assert.ok(await panel.isHidden(), 'the history replaces it');
    assert.ok(await page.locator('#history').isVisible());
    assert.ok(await isInert(page));
    await page.keyboard.press('Escape');
    assert.ok(await page.locator('#history').isHidden());
    assert.ok(!(await isInert(page)));

    await page.locator('#mcp-button').click();
    await view.deliver({ type: 'focusInput' });
    assert.ok(await panel.isHidden());
    assert.equal((await focusedElement(page)).id, 'prompt');
  });

  it('opens when the extension says so ("Show MCP Servers"), closing the history', async () => {
    const view = await harness().open();
    const { page } = view;
    await view.deliver(mcp(allStates));
    await view.deliver({ type: 'history', conversations: [] });
    assert.ok(await page.locator('#history').isVisible());
    await view.deliver({ type: 'showMcp' });
    await page.locator('#mcp').waitFor();
    assert.ok(await page.locator('#history').isHidden());
    assert.ok(await row(page, 'github').isVisible());
    assert.ok(await isInert(page));
  });

  it('fits a 300 px sidebar without horizontal scrolling', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    await setEditorFont(page);
    const longName = 'an-mcp-server-with-a-very-long-name-that-goes-on';
    const state: McpState = {
      ...allStates,
      servers: [
        ...allStates.servers,
        server(longName, {
          state: 'failed',
          source: '/home/someone/projects/a/deeply/nested/workspace/.elbow/mcp.json',
          error: `Could not start: ${'x'.repeat(120)}`,
          tools: [mcpTool('a_tool_with_a_really_long_name_for_testing_wrapping', { readOnly: true, alwaysAllowed: true, description: 'word '.repeat(80) })],
        }),
      ],
      problems: [`.elbow/mcp.json: servers.${'y'.repeat(90)}.command must be a string`],
    };
    const panel = await openPanel(view, state);
    for (const details of await panel.locator('details.mcp-tools:visible').all()) await details.locator('summary').click();
    const overflow = await page.evaluate(() => {
      const body = document.querySelector('.mcp-body') as HTMLElement;
      const viewWidth = document.documentElement.clientWidth;
      const outside = [...document.querySelectorAll<HTMLElement>('#mcp button:not([hidden]), #mcp .mcp-server, #mcp .mcp-tool, #mcp-problems, #mcp-warning')]
        .filter((element) => element.checkVisibility())
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < 0 || box.right > viewWidth + 0.5;
        })
        .map((element) => element.className || element.id);
      return { page: document.documentElement.scrollWidth - viewWidth, body: body.scrollWidth - body.clientWidth, outside };
    });
    assert.deepEqual(overflow, { page: 0, body: 0, outside: [] });
    const header = await page.evaluate(() => {
      const bar = document.querySelector('#header') as HTMLElement;
      return bar.scrollWidth - bar.clientWidth;
    });
    assert.equal(header, 0, 'the header still fits with the MCP button');
  });
}
