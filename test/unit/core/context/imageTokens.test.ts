import { strict as assert } from 'node:assert';
import { anthropicImageTokens, imageTokens, openaiImageTokens } from '../../../../src/core/context/imageTokens';
import { messageTokens } from '../../../../src/core/context/tokenEstimate';
import { imageDimensions } from '../../../../src/core/llm/imageDimensions';
import { pngImage } from '../../../support/pngImage';

describe('image token estimates', () => {
  it('follow Anthropic\'s width × height / 750, scaled down past 1568 px or 1.15 megapixels', () => {
    // The docs' table: 200×200 ≈ 54 tokens, 1000×1000 ≈ 1334, 1092×1092 ≈ 1590.
    assert.equal(anthropicImageTokens({ width: 200, height: 200 }), 54);
    assert.equal(anthropicImageTokens({ width: 1000, height: 1000 }), 1334);
    assert.ok(Math.abs(anthropicImageTokens({ width: 1092, height: 1092 }) - 1590) <= 2);
    assert.ok(anthropicImageTokens({ width: 3840, height: 2160 }) <= 1_600);
  });

  it('follow OpenAI\'s tiles: 170 per 512 px tile plus 85', () => {
    // The docs' examples: 1024×1024 → 4 tiles → 765; 2048×4096 → 6 tiles → 1105.
    assert.equal(openaiImageTokens({ width: 1024, height: 1024 }), 765);
    assert.equal(openaiImageTokens({ width: 2048, height: 4096 }), 1105);
  });

  it('count a screenshot by its pixels, not by the length of its base64 text', () => {
    const data = pngImage(1920, 1080).toString('base64');
    const tokens = imageTokens({ type: 'image', mediaType: 'image/png', data });
    assert.equal(tokens, Math.max(anthropicImageTokens({ width: 1920, height: 1080 }), openaiImageTokens({ width: 1920, height: 1080 })));
    assert.ok(tokens < 2_000);
    const message = messageTokens({ role: 'user', content: [{ type: 'image', mediaType: 'image/png', data }, { type: 'text', text: 'look' }] });
    assert.ok(message < 2_000, `${message} tokens`);
  });

  it('read the size of PNG, GIF, JPEG and WebP images from their headers', () => {
    assert.deepEqual(imageDimensions(pngImage(37, 21).toString('base64')), { width: 37, height: 21 });
    const gif = Buffer.from('R0lGODlhBQADAIAAAP///wAAACwAAAAABQADAAACAoRRADs=', 'base64');
    assert.deepEqual(imageDimensions(gif.toString('base64')), { width: 5, height: 3 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(imageDimensions(jpeg.toString('base64')), { width: 600, height: 300 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0); webp.write('WEBPVP8X', 8);
    webp.writeUIntLE(639, 24, 3); webp.writeUIntLE(479, 27, 3);
    assert.deepEqual(imageDimensions(webp.toString('base64')), { width: 640, height: 480 });
    assert.equal(imageDimensions(Buffer.from('not an image at all').toString('base64')), undefined);
  });
});
