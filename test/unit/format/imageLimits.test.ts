import { strict as assert } from 'node:assert';
import { base64Bytes, imageProblem, maxImageBytes } from '../../../src/format/imageLimits';

describe('image limits', () => {
  it('accept a PNG, JPEG, GIF or WebP within 5 MB and 8000 px', () => {
    for (const mediaType of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      assert.equal(imageProblem({ name: 'shot', mediaType, bytes: 1_000, width: 800, height: 600 }), undefined);
    }
  });

  it('say why another format, a larger file or a larger picture cannot be sent', () => {
    assert.equal(imageProblem({ name: 'scan.bmp', mediaType: 'image/bmp', bytes: 10 }), 'scan.bmp is image/bmp; the models take PNG, JPEG, GIF or WebP images.');
    assert.equal(imageProblem({ name: 'big.png', mediaType: 'image/png', bytes: maxImageBytes + 1 }), 'big.png is 5.0 MB; an image may be at most 5.0 MB.');
    assert.equal(imageProblem({ name: 'huge.png', mediaType: 'image/png', bytes: 6 * 1024 * 1024 }), 'huge.png is 6.0 MB; an image may be at most 5.0 MB.');
    assert.equal(imageProblem({ name: 'tall.png', mediaType: 'image/png', bytes: 100, width: 400, height: 9000 }), 'tall.png is 400 × 9000 px; an image may be at most 8000 px on a side.');
    assert.equal(imageProblem({ name: 'broken.png', mediaType: 'image/png', bytes: 100 }), 'broken.png could not be read as image/png.');
  });

  it('count the bytes a base64 text holds', () => {
    assert.equal(base64Bytes(Buffer.from('hello').toString('base64')), 5);
    assert.equal(base64Bytes(Buffer.from('hello!').toString('base64')), 6);
  });
});
