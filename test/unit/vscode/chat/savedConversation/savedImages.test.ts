import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage } from '../../../../../src/core/llm/messages';
import { ConversationStore, type StoredConversation } from '../../../../../src/vscode/chat/conversationStore';
import { pngImage } from '../../../../support/pngImage';

describe('a saved conversation with an image', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-saved-images-'));
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  it('keeps the image whole for the model and only its thumbnail for the view', async () => {
    const image = pngImage(800, 600).toString('base64');
    const thumbnail = `data:image/png;base64,${pngImage(64, 48).toString('base64')}`;
    const conversation: StoredConversation = {
      id: 'with-image',
      title: 'Why is this red?',
      createdAt: 1,
      updatedAt: 2,
      usage: emptyUsage(),
      messages: [
        { role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: image }, { type: 'text', text: 'Why is this red?' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'An error badge.' }], stopReason: 'end_turn', provider: 'openai', model: 'gpt-4.1' },
      ],
      items: [
        { kind: 'user', id: 'u1', text: 'Why is this red?', attachments: [{ id: 'a1', kind: 'image', path: 'screenshot.png', tokens: 765, thumbnail }] },
        { kind: 'assistant', id: 'a2', text: 'An error badge.', thinking: '' },
      ],
    };
    const logged: string[] = [];
    await new ConversationStore(folder, (message) => void logged.push(message)).save(conversation);
    const loaded = await new ConversationStore(folder, (message) => void logged.push(message)).load('with-image');
    assert.deepEqual(loaded?.messages, conversation.messages);
    assert.deepEqual(loaded?.items, conversation.items);
    assert.deepEqual(logged, []);
    const saved = await fs.readFile(path.join(folder, 'with-image.json'), 'utf8');
    assert.equal(saved.split(image).length - 1, 1, 'the full image is saved once, in the model history');
  });
});
