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
