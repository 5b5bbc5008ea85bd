import assert from 'node:assert/strict';
import { agentAtStart } from '../../../../src/core/agent/agentAtStart';
import type { AgentChoice } from '../../../../src/core/agent/pickedAgent';

const choices: AgentChoice[] = [
  { name: 'Agent', description: '' },
  { name: 'Plan', description: '' },
  { name: 'reviewer', description: 'Reviews', origin: 'workspace' },
];

describe('agentAtStart', () => {
  it('picks the agent a message names first and sends the rest, the name as the agent spells it', () => {
    assert.deepEqual(agentAtStart('@Reviewer check the diff\nand the tests', choices), { name: 'reviewer', rest: 'check the diff\nand the tests' });
    assert.deepEqual(agentAtStart('  @plan   the rename ', choices), { name: 'Plan', rest: 'the rename' });
  });

  it('picks with nothing to send when the message is only the name', () => {
    assert.deepEqual(agentAtStart('@reviewer', choices), { name: 'reviewer', rest: '' });
  });

  it('leaves a file mention, an unknown name and an @ later in the message alone', () => {
    assert.equal(agentAtStart('@src/calc.js rename total', choices), undefined);
    assert.equal(agentAtStart('@writer draft it', choices), undefined);
    assert.equal(agentAtStart('ask @reviewer', choices), undefined);
    assert.equal(agentAtStart('@reviewer@x', choices), undefined);
  });
});
