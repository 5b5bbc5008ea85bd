import type { ToolKind } from '../../protocol/chatItems';

/** A codicon for every kind: a new kind does not compile until it has one. */
const toolIcons: Readonly<Record<ToolKind, string>> = {
  read: 'file',
  list: 'list-tree',
  search: 'search',
  edit: 'edit',
  write: 'new-file',
  delete: 'tools',
  command: 'terminal',
  commandFollowUp: 'tools',
  web: 'globe',
  mcp: 'tools',
  conversation: 'tools',
  task: 'organization',
  unknown: 'tools',
};

export function toolIcon(kind: ToolKind | undefined): string {
  return toolIcons[kind ?? 'unknown'];
}
