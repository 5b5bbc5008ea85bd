import { imageMediaTypes, maxImageBytes } from '../format/imageLimits';
import type { ExtensionLink } from './vscodeApi';

/** Thumbnails are this tall at most, and twice as wide: enough for a chip, small enough to save with the conversation. */
const thumbnailHeight = 48;
/** What VS Code puts on a drag from its explorer or editor tabs. */
const uriListTypes = ['application/vnd.code.uri-list', 'text/uri-list'];

/**
 * Images pasted (Ctrl/Cmd+V) or dropped into `target` go to the extension, which checks them and
 * shows each as a chip. Text pastes are left alone. Files dragged from VS Code's explorer come as
 * URIs, which the extension reads.
 */
export function acceptImages(target: HTMLElement, extension: ExtensionLink): void {
  target.addEventListener('paste', (event) => {
    const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    for (const file of files) void sendImage(file, extension);
  });
  target.addEventListener('dragover', (event) => {
    if (carriesFilesOrUris(event.dataTransfer)) event.preventDefault();
  });
  target.addEventListener('drop', (event) => {
    const transfer = event.dataTransfer;
    if (!carriesFilesOrUris(transfer) || transfer === null) return;
    event.preventDefault();
    const files = [...transfer.files];
    if (files.length > 0) {
      for (const file of files) void sendImage(file, extension);
      return;
    }
    const uris = uriListTypes.map((type) => transfer.getData(type)).find((list) => list.trim() !== '') ?? '';
    const list = uris.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
    if (list.length > 0) extension.post({ type: 'attachImageFiles', uris: list.slice(0, 20) });
  });
}

function carriesFilesOrUris(transfer: DataTransfer | null): boolean {
  return transfer !== null && [...transfer.types].some((type) => type === 'Files' || uriListTypes.includes(type));
}

/** Bytes are sent only for an image the models could take; for others the extension needs only their type and size to say why not. */
async function sendImage(file: File, extension: ExtensionLink): Promise<void> {
  const name = file.name === '' ? 'pasted image' : file.name;
  const sendable = imageMediaTypes.includes(file.type) && file.size <= maxImageBytes;
  const data = sendable ? base64Of(new Uint8Array(await file.arrayBuffer())) : undefined;
  const thumbnail = sendable ? await thumbnailOf(file).catch(() => undefined) : undefined;
  extension.post({
    type: 'attachImage',
    name,
    mediaType: file.type,
    bytes: file.size,
    ...(data === undefined ? {} : { data }),
    ...(thumbnail === undefined ? {} : { thumbnail }),
  });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  return btoa(binary);
}

/** A small PNG of the image, drawn by the browser (no library): what the chip and the sent message show. */
async function thumbnailOf(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, thumbnailHeight / bitmap.height, (thumbnailHeight * 2) / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/png');
}
