import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { createSandboxFixture, type SandboxFixture } from '../../../support/sandboxRun';

/** Secrets in places no credential list knows: a sandboxed command must read none of them. */
const canaries: Record<string, string> = {
  '.config/git/credentials': 'https://me:CANARY-GIT-CREDENTIALS@example.com',
  '.config/Code/User/settings.json': '{"token": "CANARY-VSCODE-SETTINGS"}',
  '.bash_history': 'export DB=CANARY-HISTORY',
  '.yarnrc.yml': 'npmAuthToken: CANARY-YARN',
  '.m2/settings.xml': '<password>CANARY-MAVEN</password>',
  '.gradle/gradle.properties': 'signing.password=CANARY-GRADLE',
  '.cache/huggingface/token': 'CANARY-HUGGINGFACE',
  '.config/rclone/rclone.conf': 'pass = CANARY-RCLONE',
  '.local/share/some-agent/token': 'CANARY-AGENT',
  '.cargo/credentials.toml': 'token = "CANARY-CARGO"',
  '.cargo/config.toml': '[registries.private]\ntoken = "CANARY-CARGO-CONFIG-TOML"',
  '.cargo/config': '[registries.private]\ntoken = "CANARY-CARGO-CONFIG"',
};

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await fs.writeFile(path.join(root, relative), content, { mode: 0o755 });
  }
}

describe('the sandbox\'s home folder: empty but for what a build reads', function () {
  this.timeout(30_000);
  let fixture: SandboxFixture;

  before(function () {
    if (process.platform !== 'linux') this.skip();
  });
  afterEach(() => fixture.cleanup());

  async function homeFixture(): Promise<SandboxFixture> {
    // HOME and PATH as a user's shell would set them.
    const made = await createSandboxFixture({}, ({ home }) => ({ ...process.env, HOME: home, PATH: `${path.join(home, 'tools', 'bin')}:/usr/local/bin:/usr/bin:/bin` }));
    await writeTree(made.home, {
      ...canaries,
      '.gitconfig': '[user]\n\tname = Sandbox Tester\n\temail = tester@elbow.invalid\n',
      '.cargo/bin/cargo-tool': '#!/bin/sh\necho CARGO-TOOL-RAN\n',
      'tools/bin/home-tool': '#!/bin/sh\necho HOME-TOOL-RAN\n',
    });
    return made;
  }

  it('hides every file of the home folder but git\'s configuration, toolchains and PATH folders; git still works in the workspace', async () => {
    fixture = await homeFixture();
    const git = (...args: string[]) => spawnSync('git', ['-C', fixture.root, '-c', 'user.name=T', '-c', 'user.email=t@t.invalid', ...args], { encoding: 'utf8' });
    git('init', '-q');
    git('commit', '-q', '--allow-empty', '-m', 'first-commit');
    const files = Object.keys(canaries).map((relative) => `"$HOME/${relative}"`).join(' ');
    const run = await fixture.run(`cat ${files}; echo LISTING; ls -A "$HOME"; echo END; git config user.name; git log --format=%s; cargo-tool; home-tool; echo done`);
    assert.match(run.output, /done/);
    assert.doesNotMatch(run.output, /CANARY-/, run.output);
    assert.match(run.output, /^Sandbox Tester$/m, 'git reads ~/.gitconfig');
    assert.match(run.output, /^first-commit$/m);
    assert.match(run.output, /^HOME-TOOL-RAN$/m, 'a PATH folder under the home folder');
    const listing = /LISTING\n([^]*)END/.exec(run.output)?.[1]?.trim().split('\n').sort();
    assert.deepEqual(listing, ['.cargo', '.gitconfig', 'tools'], 'the listing of the home folder');
    const write = await fixture.run('touch "$HOME/planted"; echo done');
    assert.match(write.output, /Read-only file system/);
  });

  it('lets the user widen it by name (elbow.sandbox.readableHomePaths), credential stores inside toolchains staying hidden', async () => {
    fixture = await homeFixture();
    fixture.settings = { ...fixture.settings, readableHomePaths: ['~/.config/rclone'] };
    const run = await fixture.run('cat "$HOME/.config/rclone/rclone.conf" "$HOME/.cargo/credentials.toml" "$HOME/.bash_history"; echo; cargo-tool 2>&1 || "$HOME/.cargo/bin/cargo-tool"');
    assert.match(run.output, /CANARY-RCLONE/);
    assert.doesNotMatch(run.output, /CANARY-CARGO|CANARY-HISTORY/);
    assert.match(run.output, /CARGO-TOOL-RAN/, '~/.cargo is a toolchain');
  });

  it('still reads and writes a workspace inside the home folder', async () => {
    fixture = await homeFixture();
    const inside = path.join(fixture.home, 'projects', 'app');
    await fs.mkdir(inside, { recursive: true });
    await fs.writeFile(path.join(inside, 'README.md'), 'readme-text\n');
    fixture.roots = [inside];
    const run = await fixture.run(`cat README.md && echo made > made.txt && cat "$HOME/.config/git/credentials"; echo done`, inside);
    assert.match(run.output, /readme-text/);
    assert.match(run.output, /done/);
    assert.doesNotMatch(run.output, /CANARY-/);
    assert.equal(await fs.readFile(path.join(inside, 'made.txt'), 'utf8'), 'made\n');
  });

  it('shows other users\' home folders and /root empty', async () => {
    fixture = await homeFixture();
    const run = await fixture.run('ls -A /root /home 2>&1; echo done');
    assert.match(run.output, /done/);
    assert.deepEqual(run.output.split('\n').filter((line) => line !== '' && !line.endsWith(':') && line !== 'done'), []);
  });
});
