import type { SavedChatItem } from '../../node/conversations/savedChatItemSchema';
import type { SavedConversation } from '../../node/conversations/savedConversationSchema';

/**
 * A saved conversation as a readable Markdown transcript. Everything the user, the model, a tool or
 * a file wrote is data: it goes in fenced blocks longer than any backtick run inside them, or is
 * escaped inline, so no text of theirs can close a block, start HTML or add headings and links.
 */
export function markdownTranscript(conversation: SavedConversation): string {
  const parts = [`# ${inline(conversation.title)}`, metadata(conversation)];
  for (const item of conversation.items) parts.push(itemMarkdown(item));
  return `${parts.join('\n\n')}\n`;
}

function metadata(conversation: SavedConversation): string {
  const { usage } = conversation;
  const rows = [
    `- Session: ${inline(conversation.id)}`,
    `- Created: ${new Date(conversation.createdAt).toISOString()}`,
    `- Updated: ${new Date(conversation.updatedAt).toISOString()}`,
    ...(conversation.model === undefined ? [] : [`- Model: ${inline(conversation.model.provider)} ${inline(conversation.model.model)}`]),
    `- Mode: ${conversation.mode ?? 'act'}${conversation.agent === undefined ? '' : `, agent ${inline(conversation.agent)}`}`,
    `- Tokens: ${usage.inputTokens} in, ${usage.outputTokens} out, ${usage.cacheReadTokens} cache read, ${usage.cacheWriteTokens} cache write`,
    `- Cost: ${conversation.cost === undefined || conversation.cost === null ? 'unknown' : `$${conversation.cost.toFixed(4)}`}`,
  ];
  return rows.join('\n');
}

function itemMarkdown(item: SavedChatItem): string {
  switch (item.kind) {
    case 'user': {
      const attachments = item.attachments.map((attachment) => `- Attached ${attachment.kind}: ${inline(attachment.path)}`);
      return ['## User', fenced(item.text, 'text'), ...attachments].join('\n\n');
    }
    case 'assistant':
      return ['## Assistant', ...(item.thinking === '' ? [] : ['Thinking:', fenced(item.thinking, 'text')]), ...(item.text === '' ? [] : [fenced(item.text, 'markdown')])].join('\n\n');
    case 'tool':
      return [
        `### Tool: ${inline(item.name)} (${item.status})`,
        inline(item.title),
        'Arguments:',
        fenced(item.arguments, 'json'),
        'Result:',
        fenced(item.result, 'text'),
        ...(item.subagent === undefined ? [] : [`Ran a subagent: ${inline(item.subagent.agent)}`]),
      ].join('\n\n');
    case 'error':
      return ['### Error', fenced(item.message, 'text')].join('\n\n');
    case 'notice':
      return ['### Notice', fenced(item.text, 'text')].join('\n\n');
    case 'compaction':
      return [`### The history was compacted (layer ${item.layer}, ${item.state})`, ...(item.summary === undefined ? [] : [fenced(item.summary, 'markdown')])].join('\n\n');
  }
}

/** A fenced block no line of `text` can close: its fence is longer than the longest backtick run inside. */
export function fenced(text: string, info: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/**
 * One line of text, shown as it is, never at a line's start: Markdown's punctuation backslash-escaped,
 * `<`, `>` and `&` as entities, line breaks as spaces.
 */
export function inline(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#|~]/g, (character) => `\\${character}`);
}
