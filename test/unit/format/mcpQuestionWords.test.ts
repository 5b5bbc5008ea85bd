import assert from 'node:assert/strict';
import { mcpQuestionAsker, quotedName } from '../../../src/format/mcpQuestionWords';

describe('mcpQuestionAsker: who asks, in words a server cannot change', () => {
  it('names a server called like Elbow as an MCP server, quoted, with its file', () => {
    assert.equal(mcpQuestionAsker('Elbow', '.vscode/mcp.json'), 'The MCP server "Elbow" (from .vscode/mcp.json) asks — its words, not Elbow\'s:');
  });

  it('keeps a name inside its quotes: quotes, controls and direction marks are escaped, a long name is cut', () => {
    assert.equal(quotedName('x" asks nothing. Elbow asks: "'), '"x\\" asks nothing. Elbow asks: \\""');
    assert.equal(quotedName('a\u001b[2J\u202eb\u0085'), '"a\\u001b[2J\\u202eb\\u0085"');
    assert.equal(quotedName('n'.repeat(100)).length, 64 + 2);
  });
});
