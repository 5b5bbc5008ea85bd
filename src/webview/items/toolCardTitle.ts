import type { ChatItemOf } from '../../protocol/chatItems';

/**
 * The title of a tool card as the call stands: a command waiting for permission does not run yet and one denied never
 * ran, whatever the call's own title (`Running …`) says; otherwise the call's title, which ends as its result summary.
 */
export function toolCardTitle(item: ChatItemOf<'tool'>): string {
  const approval = item.approval;
  if (approval?.kind !== 'command' || approval.command === undefined) return item.title;
  const command = approval.command.replace(/\s+/g, ' ').trim();
  // A task's card asks for its child, which goes on whatever the answer.
  if (item.subagent !== undefined) return approval.state === 'pending' ? `${item.subagent.agent} · ${item.subagent.description} wants to run ${command}` : item.title;
  switch (approval.state) {
    case 'pending':
      return `Wants to run ${command}`;
    case 'denied':
      return `Denied: ${command}`;
    case 'allowed':
      return item.title;
  }
}
