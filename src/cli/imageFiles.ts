import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { imageDimensions } from '../core/llm/imageDimensions';
import type { ImageBlock, UserMessage } from '../core/llm/messages';
import { imageProblem, maxImageBytes } from '../format/imageLimits';
import { readFileGuarded } from '../node/guardedFiles/guardedRead';

const mediaTypeOfExtension: Readonly<Record<string, string>> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

/** An image file that cannot be sent, with the reason for people. */
export class ImageFileError extends Error {}

/** The message for the session: the images first, then the text; plain text without images. */
export async function contentWithImages(text: string | UserMessage['content'], files: readonly string[], folder = process.cwd()): Promise<string | UserMessage['content']> {
  if (files.length === 0) return text;
  const images = await Promise.all(files.map((file) => readImageFile(path.resolve(folder, file))));
  return [...images, ...(typeof text === 'string' ? [{ type: 'text' as const, text }] : text)];
}

/** A line typed in the chat, with its `--image FILE` parts (a path with spaces in double quotes) taken out. */
export function imagesInLine(line: string): { text: string; files: string[] } {
  const files: string[] = [];
  const text = line.replace(/(^|\s)--image(?:\s+|=)(?:"([^"]+)"|(\S+))/g, (_match, before: string, quoted?: string, plain?: string) => {
    files.push(quoted ?? plain ?? '');
    return before;
  }).replace(/\s+/g, ' ').trim();
  return { text, files };
}

async function readImageFile(file: string): Promise<ImageBlock> {
  const name = file;
  const mediaType = mediaTypeOfExtension[path.extname(file).toLowerCase()] ?? `a ${path.extname(file) || 'file without an extension'} file`;
  const stat = await fs.stat(file).catch(() => undefined);
  if (stat === undefined || !stat.isFile()) throw new ImageFileError(`--image: no such file: ${file}`);
  // Read through the guarded opener: what is read must still be a regular file, not a device or a pipe swapped in since.
  const bytes = stat.size <= maxImageBytes && mediaType.startsWith('image/') ? await readImageBytes(file) : undefined;
  const data = bytes === undefined ? '' : Buffer.from(bytes).toString('base64');
  const problem = imageProblem({ name, mediaType, bytes: bytes?.byteLength ?? stat.size, ...(data === '' ? {} : imageDimensions(data)) });
  if (problem !== undefined) throw new ImageFileError(`--image: ${problem}`);
  return { type: 'image', mediaType, data };
}

async function readImageBytes(file: string): Promise<Uint8Array> {
  try {
    return await readFileGuarded(file);
  } catch (error) {
    throw new ImageFileError(`--image: ${error instanceof Error ? error.message : String(error)}`);
  }
}
