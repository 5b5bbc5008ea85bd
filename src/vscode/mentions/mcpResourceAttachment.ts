import * as vscode from 'vscode';
import { imageTokens } from '../../core/context/imageTokens';
import { textTokens } from '../../core/context/tokenEstimate';
import { imageDimensions } from '../../core/llm/imageDimensions';
import type { ImageBlock } from '../../core/llm/messages';
import type { McpResourceContents } from '../../core/mcp/mcpResource';
import { expandTemplate, templateVariables } from '../../core/mcp/resourceTemplate';
import { resourceParts, type ImageCheck } from '../../core/mentions/mcpResourceText';
import { base64Bytes, imageProblem } from '../../format/imageLimits';
import type { Mention } from '../../protocol/mentions';
import { attachmentBlock } from '../chat/attachmentContext';
import type { ServerResources } from './mcpResourceCandidates';
import type { NewAttachment } from './mentionAttachment';

/** The MCP servers' side of a resource mention (the manager). */
export interface McpResources {
  resources(): readonly ServerResources[];
  readResource(server: string, uri: string, signal: AbortSignal): Promise<McpResourceContents[]>;
}

/** A chosen resource's chip, its text for the message (taken now, so the chip shows its size or why it failed) and its images. */
export interface ResourceAttachment {
  attachment: NewAttachment;
  snapshot?: string;
  images: ImageBlock[];
}

const imageCheck: ImageCheck = (image, name) => imageProblem({ name, mediaType: image.mediaType, bytes: base64Bytes(image.data), ...imageDimensions(image.data) });

/** Reads the resource a mention names; a template first asks for its variables (`undefined`: the user cancelled). */
export async function mcpResourceAttachment(mention: Mention, mcp: McpResources): Promise<ResourceAttachment | undefined> {
  const server = mention.server ?? '';
  let uri = mention.uri ?? '';
  const listed = mcp.resources().find((entry) => entry.server === server);
  let name = listed?.resources.find((resource) => resource.uri === uri)?.name ?? uri;
  if (mention.kind === 'mcpResourceTemplate') {
    const template = listed?.templates.find((entry) => entry.uriTemplate === uri);
    const filled = await filledTemplate(server, template?.title ?? template?.name ?? uri, uri);
    if (filled === undefined) return undefined;
    if ('problem' in filled) return { attachment: { kind: 'mcpResource', server, uri, path: `${server}: ${uri}`, problem: filled.problem }, images: [] };
    uri = filled.uri;
    name = uri;
  }
  const attachment: NewAttachment = { kind: 'mcpResource', server, uri, path: `${server}: ${name}` };
  try {
    const contents = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Reading ${uri} from ${server}` }, () => mcp.readResource(server, uri, AbortSignal.timeout(120_000)));
    const parts = resourceParts(contents, imageCheck);
    const tokens = textTokens(attachmentBlock({ attachment: { ...attachment, id: '' }, text: parts.text })) + parts.images.reduce((sum, image) => sum + imageTokens(image), 0);
    const detail = parts.images.length === 0 ? undefined : parts.images.length === 1 ? 'image' : `${parts.images.length} images`;
    return { attachment: { ...attachment, tokens, ...(detail === undefined ? {} : { detail }) }, snapshot: parts.text, images: parts.images };
  } catch (error) {
    return { attachment: { ...attachment, problem: error instanceof Error ? error.message : String(error) }, images: [] };
  }
}

/** Each of the template's variables from an input box; the values are percent-encoded into the URI. */
async function filledTemplate(server: string, name: string, template: string): Promise<{ uri: string } | { problem: string } | undefined> {
  let variables: string[];
  try {
    variables = templateVariables(template);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const values: Record<string, string> = {};
  for (const [index, variable] of variables.entries()) {
    const value = await vscode.window.showInputBox({
      title: `${server}: ${name} (${index + 1}/${variables.length})`,
      prompt: `A value for {${variable}} in ${template}`,
      placeHolder: variable,
      ignoreFocusOut: true,
      validateInput: (typed) => (typed === '' ? `Type a value for ${variable}.` : undefined),
    });
    if (value === undefined) return undefined;
    values[variable] = value;
  }
  return { uri: expandTemplate(template, values) };
}
