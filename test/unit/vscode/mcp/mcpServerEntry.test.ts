import assert from 'node:assert/strict';
import { newServerEntry, suggestedName, targetProblem } from '../../../../src/vscode/mcp/mcpServerEntry';

describe('Add MCP Server: the entry from what the user typed', () => {
  it('splits a command line into command and arguments, keeping quoted words and Windows paths whole', () => {
    assert.deepEqual(newServerEntry('stdio', 'npx -y @modelcontextprotocol/server-filesystem "/home/me/my notes"'), {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/my notes'],
    });
    assert.deepEqual(newServerEntry('stdio', 'C:\\tools\\server.exe --port 3'), { type: 'stdio', command: 'C:\\tools\\server.exe', args: ['--port', '3'] });
  });

  it('writes a URL as streamable HTTP or SSE', () => {
    assert.deepEqual(newServerEntry('http', ' https://example.com/mcp '), { type: 'streamableHttp', url: 'https://example.com/mcp' });
    assert.deepEqual(newServerEntry('sse', 'http://127.0.0.1:3001/sse'), { type: 'sse', url: 'http://127.0.0.1:3001/sse' });
  });

  it('says what is wrong with an empty command or a URL that is not http(s)', () => {
    assert.match(targetProblem('stdio', '   ') ?? '', /Type the command that starts the server/);
    assert.equal(targetProblem('stdio', 'uvx mcp-server-git'), undefined);
    assert.match(targetProblem('http', 'ftp://example.com') ?? '', /must start with http:\/\/ or https:\/\//);
    assert.match(targetProblem('sse', 'not a url') ?? '', /Type the server's URL/);
    assert.equal(targetProblem('http', 'https://example.com/mcp'), undefined);
  });

  it('suggests a short name from the package or the host', () => {
    assert.equal(suggestedName('stdio', 'npx -y @modelcontextprotocol/server-everything'), 'everything');
    assert.equal(suggestedName('stdio', 'uvx mcp-server-git --repository .'), 'git');
    assert.equal(suggestedName('stdio', 'node ./build/weather.js'), 'weather');
    assert.equal(suggestedName('http', 'https://www.example.com/mcp'), 'example');
    assert.equal(suggestedName('sse', 'nonsense'), 'server');
  });
});
