import assert from 'node:assert/strict';
import type { WorkspaceEntry } from '../../../../src/core/mentions/workspaceEntries';
import { maxCandidates, mentionCandidates } from '../../../../src/vscode/mentions/mentionCandidates';

describe('mentionCandidates', () => {
  const entries: WorkspaceEntry[] = [
    { kind: 'folder', path: 'src' },
    { kind: 'file', path: 'src/app.ts' },
    { kind: 'file', path: 'src/problemsView.ts' },
    { kind: 'file', path: 'test/app.test.ts' },
  ];
  const labels = (query: string): string[] => mentionCandidates(query, entries).map((candidate) => candidate.label);

  it('offers the special items first, then the files and folders, for a bare @', () => {
    assert.deepEqual(labels(''), ['selection', 'problems', 'terminal', 'git-changes', 'src/', 'src/app.ts', 'src/problemsView.ts', 'test/app.test.ts']);
  });

  it('ranks paths fuzzily and keeps only the special items that match', () => {
    assert.deepEqual(labels('prob'), ['problems', 'src/problemsView.ts']);
    assert.deepEqual(labels('app'), ['src/app.ts', 'test/app.test.ts']);
    assert.deepEqual(mentionCandidates('git', entries)[0]?.mention, { kind: 'gitChanges' });
  });

  it('gives each row its mention and the matched characters', () => {
    assert.deepEqual(mentionCandidates('sapp', entries)[0], { mention: { kind: 'file', path: 'src/app.ts' }, label: 'src/app.ts', matched: [0, 4, 5, 6] });
  });

  it('shows at most a screenful of rows', () => {
    const many = Array.from({ length: 500 }, (_, index): WorkspaceEntry => ({ kind: 'file', path: `file${index}.ts` }));
    assert.equal(mentionCandidates('file', many).length, maxCandidates);
  });

  it('lists the agents after the special items, each as an agent mention that names it', () => {
    const agents = [{ name: 'Agent', description: 'Reads, edits and runs commands' }, { name: 'Plan', description: 'Only reads' }, { name: 'reviewer', description: 'Reviews changes' }];
    assert.deepEqual(mentionCandidates('', entries, agents).map((candidate) => candidate.label).slice(0, 7), ['selection', 'problems', 'terminal', 'git-changes', 'Agent', 'Plan', 'reviewer']);
    assert.deepEqual(mentionCandidates('revi', entries, agents)[0], { mention: { kind: 'agent', path: 'reviewer' }, label: 'reviewer', description: 'Agent: Reviews changes', matched: [0, 1, 2, 3] });
    const many = Array.from({ length: 500 }, (_, index): WorkspaceEntry => ({ kind: 'file', path: `reviewer${index}.ts` }));
    assert.equal(mentionCandidates('reviewer', many, agents).length, maxCandidates, 'the agents share the screenful');
  });
});

describe('mentionCandidates: MCP resources', () => {
  const entries: WorkspaceEntry[] = [{ kind: 'file', path: 'src/app.ts' }];
  const resources = [{
    server: 'everything',
    resources: [
      { uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md', title: 'Architecture', mimeType: 'text/markdown' },
      { uri: 'demo://resource/static/document/features.md', name: 'features.md' },
    ],
    templates: [{ uriTemplate: 'demo://resource/dynamic/text/{index}', name: 'Dynamic Text Resource' }],
  }];

  it('offers them as `server: name` after the special items and before the files, ranked by the query', () => {
    const labels = mentionCandidates('', entries, [], resources).map((candidate) => candidate.label);
    assert.deepEqual(labels, ['selection', 'problems', 'terminal', 'git-changes', 'everything: Architecture', 'everything: features.md', 'everything: Dynamic Text Resource', 'src/app.ts']);
    const [first] = mentionCandidates('archi', entries, [], resources);
    assert.deepEqual(first, { mention: { kind: 'mcpResource', server: 'everything', uri: 'demo://resource/static/document/architecture.md' }, label: 'everything: Architecture', description: 'demo://resource/static/document/architecture.md · text/markdown', matched: [12, 13, 14, 15, 16] });
    const template = mentionCandidates('dynamic', entries, [], resources)[0];
    assert.deepEqual(template?.mention, { kind: 'mcpResourceTemplate', server: 'everything', uri: 'demo://resource/dynamic/text/{index}' });
    assert.match(template?.description ?? '', /asks for its values/);
  });

  it('shows a few before anything is typed, so the files still show', () => {
    const many = [{ server: 's', resources: Array.from({ length: 100 }, (_, index) => ({ uri: `demo://${index}`, name: `item ${index}` })), templates: [] }];
    assert.equal(mentionCandidates('', entries, [], many).filter((candidate) => candidate.mention.kind === 'mcpResource').length, 8);
    assert.equal(mentionCandidates('item', entries, [], many).length, 20);
  });
});
