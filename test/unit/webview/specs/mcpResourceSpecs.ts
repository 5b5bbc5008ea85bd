import assert from 'node:assert/strict';
import type { McpServerInfo } from '../../../../src/protocol/mcpServers';
import type { ChatViewHarness } from '../support/chatViewHarness';
import { setEditorFont } from '../support/editorFont';

function server(name: string, fields: Partial<McpServerInfo> = {}): McpServerInfo {
  return { name, state: 'connected', transport: 'stdio', source: '.elbow/mcp.json', tools: [], resources: [], resourceTemplates: [], ...fields };
}

const docs = server('docs', {
  resources: [
    { uri: 'docs://guide/architecture-of-the-whole-system-explained-at-length.md', name: 'architecture.md', title: 'Architecture', mimeType: 'text/markdown', size: 2_600, description: 'How the parts fit together.' },
    { uri: 'docs://logo.png', name: 'logo', mimeType: 'image/png' },
  ],
  resourceTemplates: [{ uriTemplate: 'docs://issues/{number}', name: 'issue', description: 'One issue by its number.' }],
});

export function mcpResourceSpecs(harness: () => ChatViewHarness): void {
  it('lists a server\'s resources and templates folded, opened from the keyboard, within 300 px; a server without any lists none', async () => {
    const view = await harness().open({ width: 300, height: 600 });
    const { page } = view;
    await setEditorFont(page);
    await view.deliver({ type: 'mcp', state: { servers: [docs, server('plain')], problems: [] } });
    await page.locator('#mcp-button').click();
    const row = page.locator('#mcp .mcp-server[data-server="docs"]');
    const summary = row.locator('.mcp-resources-summary');
    assert.equal(await summary.textContent(), '2 resources · 1 template');
    assert.ok(await row.locator('.mcp-resource').first().isHidden(), 'folded at first');
    assert.equal(await page.locator('#mcp .mcp-server[data-server="plain"] .mcp-resources').isHidden(), true);

    await summary.focus();
    await page.keyboard.press('Enter');
    const rows = row.locator('.mcp-resource');
    assert.deepEqual(await rows.locator('.mcp-resource-name').allTextContents(), ['Architecture', 'logo', 'issue']);
    assert.deepEqual(await rows.nth(0).locator('.mcp-tag').allTextContents(), ['text/markdown', '2.5 KB']);
    assert.equal(await rows.nth(0).locator('.mcp-resource-uri').getAttribute('title'), docs.resources[0]?.uri);
    assert.deepEqual(await rows.nth(2).locator('.mcp-tag').allTextContents(), ['template']);
    assert.equal(await rows.nth(2).locator('.mcp-resource-uri').textContent(), 'docs://issues/{number}');

    await view.deliver({ type: 'mcp', state: { servers: [{ ...docs, resources: docs.resources.slice(1) }, server('plain')], problems: [] } });
    assert.equal(await summary.textContent(), '1 resource · 1 template');
    assert.ok(await rows.first().isVisible(), 'an open list stays open across updates');
    const overflow = await page.evaluate(() => {
      const viewWidth = document.documentElement.clientWidth;
      return [...document.querySelectorAll<HTMLElement>('#mcp .mcp-resource, #mcp .mcp-resource-uri')].filter((element) => element.getBoundingClientRect().right > viewWidth + 0.5).length + document.documentElement.scrollWidth - viewWidth;
    });
    assert.equal(overflow, 0);
    assert.deepEqual(view.errors, []);
  });
}
