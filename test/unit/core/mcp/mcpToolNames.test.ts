import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { modelToolNames, toolNamePattern, type ServerTools } from '../../../../src/core/mcp/mcpToolNames';

/** The names as `[server, tool, model name]` rows, in order. */
function rows(servers: readonly ServerTools[], taken?: Iterable<string>): Array<[string, string, string]> {
  const names = modelToolNames(servers, taken);
  return [...names].flatMap(([server, byTool]) => [...byTool].map(([tool, name]): [string, string, string] => [server, tool, name]));
}

function hash8(server: string, tool: string): string {
  return createHash('sha256').update(`${server}\u0000${tool}`).digest('hex').slice(0, 8);
}

describe('modelToolNames', () => {
  it('names tools mcp__<server>__<tool>, keeping letters, digits, _ and -', () => {
    assert.deepEqual(rows([{ server: 'github', tools: ['create_issue', 'get-file', 'Search2'] }]), [
      ['github', 'create_issue', 'mcp__github__create_issue'],
      ['github', 'get-file', 'mcp__github__get-file'],
      ['github', 'Search2', 'mcp__github__Search2'],
    ]);
  });

  it('replaces every other character with _', () => {
    assert.deepEqual(rows([{ server: 'a.b/c', tools: ['read file', 'café', 'x:y@z'] }]), [
      ['a.b/c', 'read file', 'mcp__a_b_c__read_file'],
      ['a.b/c', 'café', 'mcp__a_b_c__caf_'],
      ['a.b/c', 'x:y@z', 'mcp__a_b_c__x_y_z'],
    ]);
    assert.deepEqual(rows([{ server: 'srv', tools: [''] }]), [['srv', '', 'mcp__srv___']]);
  });

  it('shortens names past 64 characters, ending them with a hash of the original', () => {
    const server = 'a'.repeat(40);
    const tool = 'b'.repeat(40);
    const [[, , name] = ['', '', '']] = rows([{ server, tools: [tool] }]);
    assert.equal(name.length, 64);
    assert.equal(name, `${`mcp__${server}__${tool}`.slice(0, 55)}_${hash8(server, tool)}`);
    assert.match(name, toolNamePattern);
    // Exactly 64 characters is not shortened.
    const fitting = 'c'.repeat(64 - 'mcp__s__'.length);
    assert.deepEqual(rows([{ server: 's', tools: [fitting] }]), [['s', fitting, `mcp__s__${fitting}`]]);
  });

  it('gives long names that differ only past the cut different hashes', () => {
    const server = 'server'.repeat(5);
    const tools = [`${'t'.repeat(50)}_one`, `${'t'.repeat(50)}_two`];
    const names = rows([{ server, tools }]).map(([, , name]) => name);
    assert.equal(names.length, 2);
    assert.notEqual(names[0], names[1]);
    assert.deepEqual(names.map((name) => name.slice(0, 55)), [names[0]?.slice(0, 55), names[0]?.slice(0, 55)], 'the same prefix');
    assert.deepEqual(names.map((name) => name.slice(56)), tools.map((tool) => hash8(server, tool)));
  });

  it('numbers names that collide once cleaned, across servers and within one', () => {
    assert.deepEqual(rows([
      { server: 'my.server', tools: ['echo'] },
      { server: 'my_server', tools: ['echo'] },
      { server: 'my server', tools: ['echo'] },
    ]), [
      ['my.server', 'echo', 'mcp__my_server__echo'],
      ['my_server', 'echo', 'mcp__my_server__echo_2'],
      ['my server', 'echo', 'mcp__my_server__echo_3'],
    ]);
    assert.deepEqual(rows([{ server: 'fs', tools: ['read.file', 'read_file', 'read/file'] }]).map(([, , name]) => name), [
      'mcp__fs__read_file',
      'mcp__fs__read_file_2',
      'mcp__fs__read_file_3',
    ]);
  });

  it('keeps a numbered long name within 64 characters', () => {
    const server = 'x'.repeat(30);
    const tool = 'y'.repeat(40);
    const [[, , first] = ['', '', '']] = rows([{ server, tools: [tool] }]);
    const [[, , second] = ['', '', '']] = rows([{ server, tools: [tool] }], [first]);
    assert.equal(second.length, 64);
    assert.equal(second, `${first.slice(0, 62)}_2`);
    assert.match(second, toolNamePattern);
  });

  it('does not hand out names that are taken', () => {
    assert.deepEqual(rows([{ server: 'github', tools: ['search', 'list'] }], ['mcp__github__search', 'mcp__github__search_2']), [
      ['github', 'search', 'mcp__github__search_3'],
      ['github', 'list', 'mcp__github__list'],
    ]);
  });

  it('gives the same names for the same input', () => {
    const servers: ServerTools[] = [
      { server: 'my.server', tools: ['echo', 'a'.repeat(70)] },
      { server: 'my_server', tools: ['echo', 'sum'] },
    ];
    const first = rows(servers, ['mcp__my_server__sum']);
    assert.deepEqual(rows(servers, ['mcp__my_server__sum']), first);
    assert.deepEqual(first.map(([, , name]) => name).slice(2), ['mcp__my_server__echo_2', 'mcp__my_server__sum_2']);
  });

  it('always gives names the providers accept, each once', () => {
    const servers: ServerTools[] = [
      { server: '日本語', tools: ['ツール', 'ツール2', '!!!'] },
      { server: '', tools: ['x'] },
      { server: 'a'.repeat(100), tools: ['b'.repeat(100), 'b'.repeat(100) + 'c', 'b'.repeat(101)] },
      { server: 'dup', tools: ['x', 'x!', 'x?', 'x#'] },
    ];
    const names = rows(servers).map(([, , name]) => name);
    assert.equal(names.length, 11);
    for (const name of names) assert.match(name, toolNamePattern);
    assert.equal(new Set(names).size, names.length);
  });
});
