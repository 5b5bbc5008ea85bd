import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage, userText } from '../../../../src/core/llm/messages';
import { ConversationStore as TerminalStore, savedItemCodec } from '../../../../src/node/conversations/conversationStore';
import { elbowDataFolder, sessionsFolder } from '../../../../src/node/dataFolder';
import { ConversationStore } from '../../../../src/vscode/chat/conversationStore';
import { historyFolder } from '../../../../src/vscode/chat/historyFolder';

describe('historyFolder: where VS Code saves its conversations', () => {
  let base: string;
  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-history-')));
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  const storageFolder = '/storage/workspace-1';
  const realPath = (folder: string): string => fs.realpathSync(folder);

  it('is the terminal\'s sessions folder for a window on one folder, opened through a link or not', () => {
    const project = path.join(base, 'project');
    fs.mkdirSync(project);
    fs.symlinkSync(project, path.join(base, 'link'));
    const dataFolder = elbowDataFolder({ ELBOW_DATA_DIR: path.join(base, 'data') }, { platform: 'linux', home: '/home/u' });
    const terminals = sessionsFolder(dataFolder, project);
    assert.equal(historyFolder({ folders: [{ scheme: 'file', fsPath: project }], storageFolder, dataFolder, realPath }), terminals);
    assert.equal(historyFolder({ folders: [{ scheme: 'file', fsPath: path.join(base, 'link') }], storageFolder, dataFolder, realPath }), terminals);
  });

  it('stays in the workspace\'s own storage for a multi-root workspace, a remote folder and a window with no folder', () => {
    const dataFolder = path.join(base, 'data');
    const expected = path.join(storageFolder, 'conversations');
    assert.equal(historyFolder({ folders: [{ scheme: 'file', fsPath: base }, { scheme: 'file', fsPath: '/other' }], storageFolder, dataFolder, realPath }), expected);
    assert.equal(historyFolder({ folders: [{ scheme: 'vscode-remote', fsPath: '/home/u/project' }], storageFolder, dataFolder, realPath }), expected);
    assert.equal(historyFolder({ folders: [], storageFolder, dataFolder, realPath }), expected);
  });

  it('holds files each host reads whole: VS Code\'s items and review through the terminal\'s store, the terminal\'s turns in VS Code\'s', async () => {
    const folder = path.join(base, 'shared');
    const review = { version: 1, files: [{ path: 'src/a.ts', status: 'pending' }] };
    await new ConversationStore(folder).save({
      id: 'from-vscode', title: 'Rename the helper', createdAt: 1, updatedAt: 2, usage: emptyUsage(), review, mode: 'plan',
      messages: [userText('Rename the helper'), { role: 'assistant', content: [{ type: 'text', text: 'Renamed.' }], stopReason: 'end_turn', provider: 'openai', model: 'm' }],
      items: [{ kind: 'user', id: 'u1', text: 'Rename the helper', attachments: [] }, { kind: 'assistant', id: 'a1', text: 'Renamed.', thinking: '' }],
    });
    const terminal = new TerminalStore(folder, savedItemCodec);
    const read = await terminal.load('from-vscode');
    assert.deepEqual(read?.items, [{ kind: 'user', id: 'u1', text: 'Rename the helper', attachments: [] }, { kind: 'assistant', id: 'a1', text: 'Renamed.', thinking: '' }]);
    assert.deepEqual(read?.review, review);
    assert.equal(read?.mode, 'plan');
    assert.equal(read?.messages.length, 2);

    await terminal.save({ id: 'from-terminal', title: 'Add a test', createdAt: 3, updatedAt: 4, usage: emptyUsage(), messages: [userText('Add a test')], items: [{ kind: 'user', id: 'u1', text: 'Add a test', attachments: [] }] });
    const inVscode = new ConversationStore(folder);
    assert.deepEqual((await inVscode.list()).map((entry) => entry.id), ['from-terminal', 'from-vscode']);
    assert.deepEqual((await inVscode.load('from-terminal'))?.items, [{ kind: 'user', id: 'u1', text: 'Add a test', attachments: [] }]);
  });
});
