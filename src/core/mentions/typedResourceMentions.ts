import type { ImageBlock } from '../llm/messages';
import { mcpResourceBlock, resourceParts, type ImageCheck, type ResourceContents } from './mcpResourceText';
import { findTypedMentions } from './typedMentions';

/** Reads an MCP server's resource (`McpManager.readResource`); throws an Error the user reads. */
export interface McpResourceReader {
  readResource(server: string, uri: string, signal: AbortSignal): Promise<readonly ResourceContents[]>;
}

/** What the `@mcp:<server>:<uri>` mentions of a line attach, and the ones that could not be read (the rest of the line is sent without them). */
export interface TypedResources {
  blocks: string[];
  images: ImageBlock[];
  attached: string[];
  skipped: string[];
}

const resourceMention = /^mcp:([^:\s]+):(\S+)$/;

/** A typed `@path` that names an MCP resource rather than a workspace file. */
export function isResourceMention(path: string): boolean {
  return resourceMention.test(path);
}

/** Reads each `@mcp:<server>:<uri>` the user typed (a template's URI typed already filled in), once. */
export async function readTypedResourceMentions(line: string, reader: McpResourceReader, checkImage: ImageCheck, signal: AbortSignal): Promise<TypedResources> {
  const found: TypedResources = { blocks: [], images: [], attached: [], skipped: [] };
  for (const mention of findTypedMentions(line)) {
    const [, server = '', uri = ''] = resourceMention.exec(mention.path) ?? [];
    const shown = `@${mention.path}`;
    if (server === '' || found.attached.includes(shown)) continue;
    try {
      const parts = resourceParts(await reader.readResource(server, uri, signal), checkImage);
      found.blocks.push(mcpResourceBlock(server, uri, parts.text));
      found.images.push(...parts.images);
      found.attached.push(shown);
    } catch (error) {
      if (signal.aborted) throw error;
      found.skipped.push(`${shown} is not attached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return found;
}
