import { FuzzyList, rankFuzzily } from '../../core/mentions/mentionRanking';
import type { WorkspaceEntry } from '../../core/mentions/workspaceEntries';
import type { MentionCandidate, MentionKind } from '../../protocol/mentions';
import { mcpResourceCandidates, type ServerResources } from './mcpResourceCandidates';

/** Rows the picker shows at most. */
export const maxCandidates = 50;

type SpecialKind = Exclude<MentionKind, 'file' | 'folder' | 'agent' | 'mcpResource' | 'mcpResourceTemplate'>;

/** The mentions that are not paths, by the word that finds them. */
const specialItems: readonly { kind: SpecialKind; label: string; description: string }[] = [
  { kind: 'selection', label: 'selection', description: 'The lines selected in the editor' },
  { kind: 'problems', label: 'problems', description: 'Errors and warnings in the workspace' },
  { kind: 'terminal', label: 'terminal', description: 'The last command Elbow ran, and its output' },
  { kind: 'gitChanges', label: 'git-changes', description: 'Uncommitted changes (git diff)' },
];

/** Each workspace listing's prepared search, kept while the listing is. */
const searches = new WeakMap<readonly WorkspaceEntry[], FuzzyList<WorkspaceEntry>>();

/** An agent the picker offers: `@name` at a message's start picks it for the conversation. */
export interface MentionedAgent {
  name: string;
  description: string;
}

/** The picker's rows for what was typed after `@`: the special items that match, the agents, the MCP servers' resources, then files and folders, best first. */
export function mentionCandidates(query: string, entries: readonly WorkspaceEntry[], agents: readonly MentionedAgent[] = [], resources: readonly ServerResources[] = []): MentionCandidate[] {
  const specials = rankFuzzily(specialItems, (item) => item.label, query, specialItems.length).map(({ item, positions }) => ({
    mention: { kind: item.kind },
    label: item.label,
    description: item.description,
    matched: positions,
  }));
  const agentRows = rankFuzzily(agents, (agent) => agent.name, query, agents.length).map(({ item, positions }) => ({
    mention: { kind: 'agent' as const, path: item.name },
    label: item.name,
    description: `Agent: ${item.description === '' ? 'picks it for the conversation' : item.description}`,
    matched: positions,
  }));
  const resourceRows = mcpResourceCandidates(query, resources);
  let search = searches.get(entries);
  if (search === undefined) {
    search = new FuzzyList(entries, (entry) => entry.path, maxCandidates);
    searches.set(entries, search);
  }
  const paths = search.find(query).slice(0, Math.max(0, maxCandidates - specials.length - agentRows.length - resourceRows.length)).map(({ item, positions }) => ({
    mention: { kind: item.kind, path: item.path },
    label: item.kind === 'folder' ? `${item.path}/` : item.path,
    matched: positions,
  }));
  return [...specials, ...agentRows, ...resourceRows, ...paths];
}
