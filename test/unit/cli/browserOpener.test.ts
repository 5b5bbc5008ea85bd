import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { openInBrowser } from '../../../src/cli/browserOpener';
import { waitUntil } from '../../support/mcpServers';

describe('openInBrowser: the terminal\'s one way to open a page', () => {
  let base: string;
  let environment: Record<string, string | undefined>;
  let opened: string;

  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-opener-'));
    opened = path.join(base, 'opened.txt');
    const opener = path.join(base, 'opener.sh');
    await fs.writeFile(opener, `#!/bin/sh\necho "$1" >> '${opened}'\n`, { mode: 0o755 });
    environment = { ...process.env, ELBOW_BROWSER_OPENER: opener };
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('opens an http(s) page with the opener the environment names, the address as one argument', async () => {
    const url = 'https://auth.example.com/authorize?state=a b&x=$(touch pwned)';
    await openInBrowser(new URL(url).href, environment);
    await waitUntil(() => existsSync(opened), 'the opener ran');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await fs.readFile(opened, 'utf8'), `${new URL(url).href}\n`);
  });

  it('refuses any other scheme, and says so when the opener cannot start', async () => {
    await assert.rejects(openInBrowser('file:///etc/passwd', environment), /Elbow opens only http\(s\) pages, not file:/);
    await assert.rejects(openInBrowser('https://example.com/', { ...environment, ELBOW_BROWSER_OPENER: path.join(base, 'missing') }), /could not open the browser/);
    assert.equal(await fs.readFile(opened, 'utf8').catch(() => 'nothing'), 'nothing');
  });
});
