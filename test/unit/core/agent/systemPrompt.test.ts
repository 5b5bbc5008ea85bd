import assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadProjectInstructions, maxInstructionsBytes } from '../../../../src/core/agent/projectInstructions';
import { buildSystemPrompt } from '../../../../src/core/agent/systemPrompt';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('system prompt', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.cleanup());

  it('names the workspace root, OS, shell and date, and carries AGENTS.md', async () => {
    ws = await createTempWorkspace({ 'AGENTS.md': '# Rules\nUse tabs. Run npm test before finishing.\n' });
    const instructions = await loadProjectInstructions(ws.host.files, ws.host.workspaceRoots, await new Workspace(ws.host).containmentCheck());
    const prompt = buildSystemPrompt({ workspaceRoots: [ws.root], platform: 'Linux (linux)', shell: '/bin/zsh', date: '2026-11-22', instructions });
    for (const expected of [ws.root, 'Linux (linux)', '/bin/zsh', '2026-11-22', 'Use tabs. Run npm test before finishing.', path.join(ws.root, 'AGENTS.md')]) {
      assert.ok(prompt.includes(expected), expected);
    }
  });

  it('works without AGENTS.md and cuts a huge one', async () => {
    ws = await createTempWorkspace({});
    assert.deepEqual(await loadProjectInstructions(ws.host.files, ws.host.workspaceRoots, await new Workspace(ws.host).containmentCheck()), []);
    await ws.cleanup();
    ws = await createTempWorkspace({ 'AGENTS.md': 'x'.repeat(maxInstructionsBytes + 500) });
    const [instructions] = await loadProjectInstructions(ws.host.files, ws.host.workspaceRoots, await new Workspace(ws.host).containmentCheck());
    assert.ok(instructions);
    assert.match(instructions.text, /\[AGENTS\.md cut at 32768 bytes\]$/);
    assert.ok(instructions.text.length < maxInstructionsBytes + 100);
  });

  it('leaves out an AGENTS.md that is a link out of the workspace, to /proc or to a hidden file', async () => {
    for (const target of ['/proc/self/environ', '../home/.ssh/id_rsa', '.env']) {
      ws = await createTempWorkspace({ 'AGENTS.md': { symlink: target }, '.env': 'TOKEN=SECRET-DOTENV', '.elbowignore': '.env\n', '../home/.ssh/id_rsa': 'SECRET-SSH-KEY' });
      const instructions = await loadProjectInstructions(ws.host.files, ws.host.workspaceRoots, await new Workspace(ws.host).containmentCheck());
      assert.deepEqual(instructions, [], target);
      await ws.cleanup();
    }
  });

  it('is the same for the same inputs, so providers can cache it', () => {
    const inputs = { workspaceRoots: ['/w'], platform: 'p', shell: 's', date: 'd', instructions: [] };
    assert.equal(buildSystemPrompt(inputs), buildSystemPrompt(inputs));
  });
});
