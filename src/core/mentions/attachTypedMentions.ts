import type { HostFileSystem } from '../host/fileSystem';
import type { Workspace } from '../workspace/workspace';
import { attachedTextBlock, textWithBlocks } from './attachedText';
import { readMentionedFile, resolveMentionedPath } from './mentionedPath';
import { isResourceMention } from './typedResourceMentions';
import { findTypedMentions } from './typedMentions';

/** The line with each mentioned file's content after it, or what is wrong with the mentions (nothing is sent then). */
export type LineWithMentions = { message: string; attached: string[] } | { problems: string[] };

/** Attaches the files a typed line mentions with `@path` (the terminal's way to attach context). */
export async function attachTypedMentions(line: string, workspace: Workspace, files: HostFileSystem): Promise<LineWithMentions> {
  const blocks: string[] = [];
  const attached: string[] = [];
  const problems: string[] = [];
  for (const mention of findTypedMentions(line)) {
    // `@mcp:<server>:<uri>` is an MCP resource (readTypedResourceMentions), not a path.
    if (isResourceMention(mention.path)) continue;
    const resolved = await resolveMentionedPath(workspace, mention.path);
    if (!resolved.found) {
      problems.push(resolved.problem);
      continue;
    }
    if (resolved.kind === 'folder') {
      problems.push(`${resolved.shown} is a folder: mention a file, or ask Elbow to list the folder.`);
      continue;
    }
    if (attached.includes(resolved.shown)) continue;
    const read = await readMentionedFile(files, resolved.absolute, resolved.shown, resolved.allowed);
    if ('problem' in read) {
      problems.push(read.problem);
      continue;
    }
    attached.push(resolved.shown);
    blocks.push(attachedTextBlock(`Attached file ${resolved.shown}`, read.text));
  }
  return problems.length > 0 ? { problems } : { message: textWithBlocks(line, blocks), attached };
}
