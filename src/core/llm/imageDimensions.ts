export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * An image's size in pixels, read from its header (PNG, GIF, JPEG, WebP); undefined for other
 * formats or damaged data. Only the first bytes are decoded, however large the image.
 */
export function imageDimensions(base64: string): ImageDimensions | undefined {
  const bytes = headerBytes(base64);
  return pngDimensions(bytes) ?? gifDimensions(bytes) ?? webpDimensions(bytes) ?? jpegDimensions(base64);
}

/** JPEG's size sits after its other segments, which may be long (EXIF, ICC profiles): the whole image is read. */
function jpegDimensions(base64: string): ImageDimensions | undefined {
  const bytes = headerBytes(base64, base64.length);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = readUint16(bytes, offset + 2);
    // Start-of-frame markers C0–CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return valid({ height: readUint16(bytes, offset + 5), width: readUint16(bytes, offset + 7) });
    }
    offset += 2 + length;
  }
  return undefined;
}

function pngDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return undefined;
  return valid({ width: readUint32(bytes, 16), height: readUint32(bytes, 20) });
}

function gifDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  if (!startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return undefined;
  return valid({ width: readUint16LittleEndian(bytes, 6), height: readUint16LittleEndian(bytes, 8) });
}

/** The three WebP encodings keep their size in different places (Google's WebP container specification). */
function webpDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  if (!startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) || text(bytes, 8, 4) !== 'WEBP') return undefined;
  const chunk = text(bytes, 12, 4);
  if (chunk === 'VP8 ') return valid({ width: readUint16LittleEndian(bytes, 26) & 0x3fff, height: readUint16LittleEndian(bytes, 28) & 0x3fff });
  if (chunk === 'VP8L') {
    const bits = readUint32LittleEndian(bytes, 21);
    return valid({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
  }
  if (chunk === 'VP8X') return valid({ width: readUint24LittleEndian(bytes, 24) + 1, height: readUint24LittleEndian(bytes, 27) + 1 });
  return undefined;
}

function headerBytes(base64: string, characters = 64): Uint8Array {
  const start = base64.slice(0, characters - (characters % 4));
  return Uint8Array.from(atob(start.replace(/[^A-Za-z0-9+/]/g, '')), (character) => character.charCodeAt(0));
}

function valid(dimensions: ImageDimensions): ImageDimensions | undefined {
  return dimensions.width > 0 && dimensions.height > 0 ? dimensions : undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function text(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function readUint16(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return ((readUint16(bytes, offset) << 16) >>> 0) + readUint16(bytes, offset + 2);
}

function readUint16LittleEndian(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function readUint24LittleEndian(bytes: Uint8Array, offset: number): number {
  return readUint16LittleEndian(bytes, offset) | ((bytes[offset + 2] ?? 0) << 16);
}

function readUint32LittleEndian(bytes: Uint8Array, offset: number): number {
  return (readUint24LittleEndian(bytes, offset) | ((bytes[offset + 3] ?? 0) << 24)) >>> 0;
}
