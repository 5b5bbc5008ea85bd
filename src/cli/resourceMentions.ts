import { imageDimensions } from '../core/llm/imageDimensions';
import type { ImageBlock, UserMessage } from '../core/llm/messages';
import type { McpManager } from '../core/mcp/mcpManager';
import { textWithBlocks } from '../core/mentions/attachedText';
import type { ImageCheck } from '../core/mentions/mcpResourceText';
import { readTypedResourceMentions, type McpResourceReader } from '../core/mentions/typedResourceMentions';
import type { ToolSource } from '../core/tools/toolSource';
import { base64Bytes, imageProblem } from '../format/imageLimits';

/** An image of a resource goes to the model within the same limits as an `--image` file. */
export const resourceImageCheck: ImageCheck = (image, name) => imageProblem({ name, mediaType: image.mediaType, bytes: base64Bytes(image.data), ...imageDimensions(image.data) });

/** Reads resources from the servers, started first (after the workspace's trust review) when no message has started them yet. */
export function startingResourceReader(mcp: { manager: McpManager; tools: ToolSource }): McpResourceReader {
  return {
    readResource: async (server, uri, signal) => {
      await mcp.tools.prepare(signal);
      return mcp.manager.readResource(server, uri, signal);
    },
  };
}

/**
 * `message` (the typed line, with any files it attached) followed by the resources the typed line's
 * `@mcp:<server>:<uri>` mentions name, their images before it. Only what the user typed is searched for
 * mentions, never attached content. One that cannot be read is left out with a line to `say`; the rest is sent.
 */
export async function withTypedResources(typed: string, message: string, reader: McpResourceReader, say: (line: string) => void, signal: AbortSignal): Promise<string | UserMessage['content']> {
  if (!typed.includes('@mcp:')) return message;
  const found = await readTypedResourceMentions(typed, reader, resourceImageCheck, signal);
  for (const skipped of found.skipped) say(skipped);
  if (found.attached.length > 0) say(`(Attached ${found.attached.join(', ')}.)`);
  return contentOf(textWithBlocks(message, found.blocks), found.images);
}

function contentOf(text: string, images: readonly ImageBlock[]): string | UserMessage['content'] {
  return images.length === 0 ? text : [...images, { type: 'text', text }];
}
