import assert from 'node:assert/strict';
import { tooManyToolsWarning } from '../../../../src/core/mcp/tooManyTools';

describe('too many tools for the model', () => {
  it('says nothing up to 100 tools', () => {
    assert.equal(tooManyToolsWarning(10, 0), undefined);
    assert.equal(tooManyToolsWarning(10, 90), undefined);
  });

  it('warns past 100 that models choose less reliably, and what to do', () => {
    assert.equal(
      tooManyToolsWarning(10, 91),
      'The model gets 101 tools (91 from MCP servers). Models choose tools less reliably with so many. Turn off servers or tools you do not need.',
    );
  });

  it('says how many MCP tools are left out past the providers\' 128', () => {
    assert.match(tooManyToolsWarning(10, 119) ?? '', /Providers refuse more than 128, so the last MCP tool is left out of every request\./);
    assert.match(tooManyToolsWarning(10, 140) ?? '', /the last 22 MCP tools are left out/);
  });
});
