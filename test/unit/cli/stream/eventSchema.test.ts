import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { compileClosed, loadEventStreamSchema, strictAjv } from '../../../support/eventStreamSchema';

const agentEventsFile = path.resolve(__dirname, '../../../../src/core/agent/agentEvents.ts');

/** The `type` of each member of the `AgentEvent` union, read from its source: a member whose type cannot be read fails. */
function agentEventTypes(): string[] {
  const source = ts.createSourceFile(agentEventsFile, fs.readFileSync(agentEventsFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const alias = source.statements.find((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === 'AgentEvent');
  assert.ok(alias !== undefined && ts.isUnionTypeNode(alias.type), 'AgentEvent is a union type');
  return alias.type.types.map((member) => {
    const literal = typeOfMember(member);
    assert.ok(literal !== undefined, `the event type of \`${member.getText(source)}\` is a string literal the test can read`);
    return literal;
  });
}

function typeOfMember(member: ts.TypeNode): string | undefined {
  if (ts.isParenthesizedTypeNode(member)) return typeOfMember(member.type);
  if (ts.isIntersectionTypeNode(member)) return member.types.map(typeOfMember).find((found) => found !== undefined);
  if (!ts.isTypeLiteralNode(member)) return undefined;
  for (const property of member.members) {
    if (ts.isPropertySignature(property) && property.name.getText() === 'type' && property.type !== undefined && ts.isLiteralTypeNode(property.type) && ts.isStringLiteral(property.type.literal)) {
      return property.type.literal.text;
    }
  }
  return undefined;
}

/** Not a line of its own: a child's events are printed flattened, as the child's event with its tags (taskId, parentCallId, …). */
const flattened = new Set(['subagent']);
/** Lines the CLI prints besides the agent's events. */
const cliLines = ['session', 'result', 'worktree'];

describe('the --json event stream schema', () => {
  const { schema, eventTypes } = loadEventStreamSchema();

  it('is a valid draft 2020-12 schema that compiles in strict mode, open and closed', () => {
    const ajv = strictAjv();
    assert.equal(ajv.validateSchema(schema), true, ajv.errorsText(ajv.errors));
    assert.equal(typeof ajv.compile(schema), 'function');
    assert.equal(typeof compileClosed(schema), 'function');
  });

  it('describes every type of agent event and every line the CLI adds, and nothing else', () => {
    const agentTypes = agentEventTypes();
    assert.ok(agentTypes.length >= 20, `read ${agentTypes.length} event types from agentEvents.ts`);
    const printed = [...agentTypes.filter((type) => !flattened.has(type)), ...cliLines].sort();
    assert.deepEqual([...eventTypes].sort(), printed);
  });

  it('routes every described type to its own definition', () => {
    const routed = (schema.allOf as Array<{ if: { $ref: string }; then: { $ref: string } }>).map((rule) => [rule.if.$ref.split('/').at(-1), rule.then.$ref.split('/').at(-1)]);
    assert.deepEqual(routed.map(([condition]) => condition).sort(), [...eventTypes].sort());
    assert.ok(routed.every(([condition, definition]) => condition === definition), JSON.stringify(routed));
    const typeIs = (schema.$defs as { typeIs: Record<string, unknown> }).typeIs;
    assert.deepEqual(Object.keys(typeIs).sort(), [...eventTypes].sort());
  });

  it('lets readers meet unknown fields and events, and the closed copy refuses them', () => {
    const open = strictAjv().compile(schema);
    const closed = compileClosed(schema);
    const turn = { type: 'turn_start', turn: 1 };
    const later = { ...turn, addedInALaterMinorVersion: true };
    assert.deepEqual([open(turn), open(later), open({ type: 'some_later_event', field: 1 })], [true, true, true]);
    assert.deepEqual([closed(turn), closed(later)], [true, false]);
    assert.equal(open({ type: 'turn_start' }), false, 'a required field missing fails');
    assert.equal(closed({ type: 'usage', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, extra: 1 }, cost: 0 }), false, 'nested objects are closed too');
    assert.equal(closed({ ...turn, taskId: 't1', parentCallId: 'c1', agent: 'explore', description: 'Look', depth: 1 }), true, 'a child\'s tags are described');
    assert.equal(open({ ...turn, taskId: 't1' }), false, 'a child\'s tags come together');
  });
});
