import assert from 'node:assert/strict';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';

const registry = new ToolRegistry();
for (const tool of builtinTools()) registry.register(tool);
const toolCallTitle = (name: string, argumentsJson: string): string => registry.describe(name, argumentsJson).title;
const title = (name: string, input: object): string => toolCallTitle(name, JSON.stringify(input));

describe('tool call titles', () => {
  it('says what the file tools are doing', () => {
    assert.equal(title('read_file', { path: 'src/app.ts' }), 'Reading src/app.ts');
    assert.equal(title('read_file', { path: 'src/app.ts', offset: 200, limit: 50 }), 'Reading src/app.ts (from line 200)');
    assert.equal(title('read_file', { path: 'src/app.ts', offset: 1 }), 'Reading src/app.ts');
    assert.equal(title('edit_file', { path: 'fizzbuzz.js', old_str: 'a', new_str: 'b' }), 'Editing fizzbuzz.js');
    assert.equal(title('write_file', { path: 'notes.md', content: '# Notes\n' }), 'Writing notes.md');
  });

  it('names listed folders with a trailing slash, and the root as the workspace', () => {
    assert.equal(title('list_files', { path: 'src' }), 'Listing src/');
    assert.equal(title('list_files', { path: 'src/', recursive: true }), 'Listing src/ recursively');
    assert.equal(title('list_files', {}), 'Listing the workspace');
    assert.equal(title('list_files', { path: '.', recursive: true }), 'Listing the workspace recursively');
  });

  it('quotes the search pattern and mentions the folder and the include glob', () => {
    assert.equal(title('search', { pattern: 'foo', path: 'src/' }), 'Searching "foo" in src/');
    assert.equal(title('search', { pattern: 'foo' }), 'Searching "foo"');
    assert.equal(title('search', { pattern: 'foo', path: 'src', include: '*.ts' }), 'Searching "foo" in src (*.ts)');
  });

  it('names an unknown tool with its most telling string argument', () => {
    assert.equal(title('run_tests', { verbose: true, query: 'parser' }), 'run_tests: parser');
    assert.equal(title('fetch', { retries: 2, address: 'https://example.com' }), 'fetch: https://example.com');
    assert.equal(title('ping', { count: 3 }), 'ping');
  });

  it('names an MCP tool by its server and tool', () => {
    assert.equal(title('mcp__everything__echo', { message: 'hello' }), 'everything › echo: hello');
    assert.equal(title('mcp__github__list_issues', { state: 3 }), 'github › list_issues');
  });

  it('gives a vaguer title while the arguments are missing or malformed, and never throws', () => {
    assert.equal(toolCallTitle('read_file', ''), 'Reading a file');
    assert.equal(toolCallTitle('read_file', '{"path": "src/a'), 'Reading a file');
    assert.equal(toolCallTitle('list_files', 'null'), 'Listing the workspace');
    assert.equal(toolCallTitle('search', '[1,2]'), 'Searching');
    assert.equal(toolCallTitle('edit_file', '"text"'), 'Editing a file');
    assert.equal(toolCallTitle('mystery', '{{{'), 'mystery');
    assert.equal(title('read_file', { path: 42 }), 'Reading a file');
  });

  it('gives a name no tool has the unknown kind, and each built-in tool its own', () => {
    assert.equal(registry.describe('mystery', '{}').kind, 'unknown');
    assert.equal(registry.describe('read_file', '').kind, 'read');
    assert.equal(registry.describe('run_command', '{"command":"ls"}').kind, 'command');
  });

  it('keeps titles on one line of at most 80 characters', () => {
    const long = `${'deep/'.repeat(30)}file.ts`;
    const titles = [
      title('read_file', { path: long, offset: 123456 }),
      title('list_files', { path: long, recursive: true }),
      title('search', { pattern: 'x'.repeat(200), path: long, include: '*.{ts,tsx,js,jsx,mjs,cjs}' }),
      title('edit_file', { path: long }),
      title('some_tool_with_a_very_long_name_indeed_that_goes_on', { command: 'echo one\necho two\n'.repeat(20) }),
      title('search', { pattern: 'a\nb\tc' }),
    ];
    for (const shown of titles) {
      assert.ok(shown.length <= 80, shown);
      assert.doesNotMatch(shown, /[\n\t]/, shown);
    }
    assert.match(titles[0] ?? '', /file\.ts \(from line 123456\)$/);
    assert.equal(titles[5], 'Searching "a b c"');
  });
});
