import assert from 'node:assert/strict';
import type { Message } from '../../../../src/core/llm/messages';
import { presetById } from '../../../../src/core/llm/presets/providerPresets';
import { wireToolCallIds } from '../../../../src/core/llm/wireToolCallIds';

const mistral = presetById('mistral')?.toolCallIds;
const openai = presetById('openai')?.toolCallIds;

/** A history in which each id is called and answered, in this order. */
function history(...ids: string[]): Message[] {
  return ids.flatMap((id): Message[] => [
    { role: 'assistant', content: [{ type: 'tool_call', id, name: 'read_file', arguments: '{}' }], stopReason: 'tool_use', provider: 'openai', model: 'm' },
    { role: 'tool', results: [{ type: 'tool_result', toolCallId: id, toolName: 'read_file', content: [], isError: false }] },
  ]);
}

describe('wire tool call ids', () => {
  it('keeps ids the server accepts as they are, its own among them', () => {
    const wire = wireToolCallIds(history('gSIMJiOkT', '9v45XkLNV'), mistral);
    assert.equal(wire('gSIMJiOkT'), 'gSIMJiOkT');
    assert.equal(wire('9v45XkLNV'), '9v45XkLNV');
  });

  it('rewrites other servers\' ids to nine letters and digits for Mistral, each to its own', () => {
    const ids = ['call_ZR5UUuTt3pf61kjwAJIYdVMj', 'toolu_01YGzqpRE16Vricda3Aqcejo', 'cca85624-4056-401f-b220-d77601d1f70d'];
    const wire = wireToolCallIds(history(...ids), mistral);
    const sent = ids.map(wire);
    for (const id of sent) assert.match(id, /^[a-zA-Z0-9]{9}$/);
    assert.equal(new Set(sent).size, ids.length);
  });

  it('gives an id the same wire id in every later request', () => {
    const first = wireToolCallIds(history('call_ZR5UUuTt3pf61kjwAJIYdVMj'), mistral)('call_ZR5UUuTt3pf61kjwAJIYdVMj');
    const later = wireToolCallIds(history('call_ZR5UUuTt3pf61kjwAJIYdVMj', 'toolu_01YGzqpRE16Vricda3Aqcejo', 'gSIMJiOkT'), mistral);
    assert.equal(later('call_ZR5UUuTt3pf61kjwAJIYdVMj'), first);
  });

  it('never gives two ids the same wire id, even when a later valid id equals an earlier rewrite', () => {
    const rewrite = wireToolCallIds(history('toolu_01YGzqpRE16Vricda3Aqcejo'), mistral)('toolu_01YGzqpRE16Vricda3Aqcejo');
    const wire = wireToolCallIds(history('toolu_01YGzqpRE16Vricda3Aqcejo', rewrite), mistral);
    assert.equal(wire('toolu_01YGzqpRE16Vricda3Aqcejo'), rewrite);
    assert.notEqual(wire(rewrite), rewrite);
    assert.match(wire(rewrite), /^[a-zA-Z0-9]{9}$/);
  });

  it('shortens ids over OpenAI\'s 40 characters and keeps shorter ones', () => {
    const long = 'ws_689e2d4880a0819d98acca37694989b00b15d90494fc6b87';
    const wire = wireToolCallIds(history(long, 'toolu_01YGzqpRE16Vricda3Aqcejo'), openai);
    assert.ok(wire(long).length <= 40);
    assert.equal(wire('toolu_01YGzqpRE16Vricda3Aqcejo'), 'toolu_01YGzqpRE16Vricda3Aqcejo');
  });

  it('leaves every id alone for a server without a rule', () => {
    assert.equal(wireToolCallIds(history('call_x'), undefined)('call_x'), 'call_x');
  });
});
