import { imageDimensions, type ImageDimensions } from '../llm/imageDimensions';
import type { ImageBlock } from '../llm/messages';

/** What an image costs when its size cannot be read: Anthropic's ceiling, about a full screenshot. */
const UNKNOWN_IMAGE_TOKENS = 1_600;

/**
 * Anthropic (https://platform.claude.com/docs/en/build-with-claude/vision, "Calculate image costs"):
 * tokens ≈ width × height / 750, after an image over 1568 px on its long edge or over about
 * 1,600 tokens (1.2 megapixels; the docs' table has 1092 × 1092 at ≈ 1,590) is scaled down,
 * keeping its aspect ratio.
 */
export function anthropicImageTokens({ width, height }: ImageDimensions): number {
  const longEdgeScale = Math.min(1, 1568 / Math.max(width, height));
  const pixelScale = Math.min(1, Math.sqrt((1_600 * 750) / (width * height)));
  const scale = Math.min(longEdgeScale, pixelScale);
  return Math.ceil((width * scale) * (height * scale) / 750);
}

/**
 * OpenAI, detail `auto`/`high` on GPT-4o-class models (https://platform.openai.com/docs/guides/images-vision,
 * "Calculating costs"): fit within 2048 × 2048, then the short side to 768 px; 170 tokens per
 * 512 px tile plus 85.
 */
export function openaiImageTokens({ width, height }: ImageDimensions): number {
  const fit = Math.min(1, 2048 / Math.max(width, height));
  const fitted = { width: width * fit, height: height * fit };
  const shortSide = Math.min(1, 768 / Math.min(fitted.width, fitted.height));
  const tiles = Math.ceil((fitted.width * shortSide) / 512) * Math.ceil((fitted.height * shortSide) / 512);
  return 170 * tiles + 85;
}

/** An image's tokens for whichever API gets it: the larger of the two formulas, so the window is never overrun. */
export function imageTokens(block: ImageBlock): number {
  const dimensions = imageDimensions(block.data);
  if (dimensions === undefined) return UNKNOWN_IMAGE_TOKENS;
  return Math.max(anthropicImageTokens(dimensions), openaiImageTokens(dimensions));
}
