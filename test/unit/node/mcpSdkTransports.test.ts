import assert from 'node:assert/strict';
import { mcpSdkTransports } from '../../../src/node/mcpSdkTransports';
import { McpTestLog, mcpManagerOf, nodeServer, waitUntil } from '../../support/mcpServers';

describe('MCP SDK transports: stdio servers run as child processes', () => {
  it('pipes the server\'s stderr and knows its process id once started', async () => {
    const opened = mcpSdkTransports.stdio({ command: process.execPath, args: ['-e', "process.stderr.write('hello from stderr\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));"], env: {}, cwd: undefined });
    assert.equal(opened.pid(), undefined);
    let output = '';
    opened.stderr?.setEncoding('utf8');
    opened.stderr?.on('data', (chunk: string) => (output += chunk));
    await opened.transport.start();
    try {
      assert.equal(typeof opened.pid(), 'number');
      await waitUntil(() => output.includes('hello from stderr'), 'the server\'s stderr arrives');
    } finally {
      await opened.transport.close();
    }
  });

  it('logs what a failing server wrote to stderr and quotes its last lines in the failure', async () => {
    const log = new McpTestLog();
    const crashing = nodeServer('crashing', ['-e', "console.error('first line'); console.error('config file missing'); process.exit(1);"]);
    const manager = mcpManagerOf([crashing], { log, restartDelaysMs: [] });
    try {
      await manager.prepare(new AbortController().signal);
      const server = manager.status().servers[0];
      assert.equal(server?.state, 'failed');
      assert.match(server?.error ?? '', /Its last output: first line \| config file missing/);
      assert.ok(log.lines.includes('[crashing] config file missing'), log.lines.join('\n'));
    } finally {
      await manager.dispose();
    }
  });
});
