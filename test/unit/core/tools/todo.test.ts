import assert from 'node:assert/strict';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('the todo tool', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({});
  });
  afterEach(() => temp.cleanup());

  it('replaces the list and answers with a tiny count; its card says how far the work is', async () => {
    const result = await temp.callTool('todo', {
      items: [{ text: 'Read the parser', status: 'done' }, { text: ' Fix the bug ', status: 'in_progress' }, { text: 'Run the tests', status: 'pending' }],
    });
    assert.deepEqual(result, { text: 'List updated: 1 of 3 done.', isError: false, summary: 'Updated the task list · 1/3' });
    const cleared = await temp.callTool('todo', { items: [] });
    assert.deepEqual(cleared, { text: 'List cleared.', isError: false, summary: 'Cleared the task list' });
  });

  it('refuses a list it cannot show, saying what to change', async () => {
    const many = Array.from({ length: 21 }, (_, index) => ({ text: `Step ${index + 1}`, status: 'pending' }));
    const refusals: Array<[unknown, RegExp]> = [
      [{ items: many }, /The list has 21 items; at most 20 are allowed\. Group small steps/],
      [{ items: [{ text: 'x'.repeat(201), status: 'pending' }] }, /Item 1 is 201 characters long; at most 200 are allowed/],
      [{ items: [{ text: 'a', status: 'done' }, { text: 'one\ntwo', status: 'pending' }] }, /Item 2 spans several lines/],
      [{ items: [{ text: '   ', status: 'pending' }] }, /Item 1 has no text/],
      [{ items: [{ text: 'a', status: 'in_progress' }, { text: 'b', status: 'in_progress' }] }, /2 items are in_progress; at most one may be/],
      [{ items: [{ text: 'a', status: 'started' }] }, /items\.0\.status/],
      [{}, /items/],
    ];
    for (const [input, message] of refusals) {
      const result = await temp.callTool('todo', input);
      assert.equal(result.isError, true, JSON.stringify(input).slice(0, 80));
      assert.match(result.text, message);
    }
  });
});
