import type { ToWebview } from '../../protocol/toWebview';
import type { PendingAttachments } from '../chat/pendingAttachments';
import type { WebviewMessageHandlersFor } from '../chat/webviewMessageHandlers';
import type { PendingImages } from '../chat/pendingImages';
import { mcpResourceAttachment, type McpResources } from './mcpResourceAttachment';
import { mentionAttachment, type MentionSources } from './mentionAttachment';
import { mentionCandidates, type MentionedAgent } from './mentionCandidates';

export interface MentionParts extends MentionSources {
  post(message: ToWebview): void;
  attachments(): PendingAttachments;
  log(message: string): void;
  /** The agents `@name` can pick (Agent, Plan and the custom ones). */
  agents(): Promise<readonly MentionedAgent[]>;
  /** The MCP servers' resources, offered and read. */
  mcp: McpResources;
  /** Where a resource's images wait to go with the message. */
  images(): PendingImages;
}

/** The `@` picker's side in the extension: its rows for each query, and the chip for a chosen row. */
export function mentionHandlers(parts: MentionParts): WebviewMessageHandlersFor<'mentionSearch' | 'addMention'> {
  return {
    mentionSearch: async ({ query }) => {
      const agents = await parts.agents().catch(() => []);
      const resources = parts.mcp.resources();
      let candidates = mentionCandidates(query, [], agents, resources);
      try {
        candidates = mentionCandidates(query, await parts.entries(), agents, resources);
      } catch (error) {
        // Without a folder or a readable workspace, the special items are still offered.
        parts.log(`Could not list the workspace for @ mentions: ${String(error)}`);
      }
      parts.post({ type: 'mentionCandidates', query, candidates });
    },
    addMention: async ({ mention }) => {
      // An agent is picked when the message is sent (`@name` at its start), not attached.
      if (mention.kind === 'agent') return;
      if (mention.kind === 'mcpResource' || mention.kind === 'mcpResourceTemplate') {
        const read = await mcpResourceAttachment(mention, parts.mcp);
        if (read === undefined) return;
        const id = parts.attachments().add(read.attachment, read.snapshot);
        parts.images().attachToChip(id, read.images);
        return;
      }
      try {
        const { attachment, snapshot } = await mentionAttachment(mention, parts);
        parts.attachments().add(attachment, snapshot);
      } catch (error) {
        // E.g. no folder is open: the chip says so rather than the mention vanishing.
        parts.attachments().add({ kind: mention.kind, path: mention.path ?? mention.kind, problem: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
