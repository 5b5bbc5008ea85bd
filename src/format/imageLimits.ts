/**
 * What both APIs take in one image, so a conversation can change provider: PNG, JPEG, GIF and WebP
 * (Anthropic: https://platform.claude.com/docs/en/build-with-claude/vision; OpenAI:
 * https://platform.openai.com/docs/guides/images-vision, "Image input requirements"), at most
 * 5 MB (Anthropic's limit per image through the API; OpenAI allows more) and 8000 × 8000 px
 * (Anthropic's; larger ones are rejected).
 */
export const imageMediaTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const maxImageBytes = 5 * 1024 * 1024;
export const maxImageSide = 8_000;

export interface ImageFacts {
  name: string;
  mediaType: string;
  bytes: number;
  width?: number;
  height?: number;
}

/** Why an image cannot be sent, for people, or undefined when it can. */
export function imageProblem(image: ImageFacts): string | undefined {
  if (!imageMediaTypes.includes(image.mediaType)) {
    return `${image.name} is ${image.mediaType || 'not an image'}; the models take PNG, JPEG, GIF or WebP images.`;
  }
  if (image.bytes > maxImageBytes) return `${image.name} is ${megabytes(image.bytes)}; an image may be at most ${megabytes(maxImageBytes)}.`;
  const { width, height } = image;
  if (width === undefined || height === undefined) return `${image.name} could not be read as ${image.mediaType}.`;
  if (width > maxImageSide || height > maxImageSide) return `${image.name} is ${width} × ${height} px; an image may be at most ${maxImageSide} px on a side.`;
  return undefined;
}

/** Bytes of the data a base64 text holds. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
