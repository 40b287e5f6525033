import { describe, expect, it } from 'vitest';
import { STORED_IMAGE_WIDTHS, uploadSrcSet } from './image-widths.ts';

const NAME = '0123456789abcdef0123456789abcdef.jpg';

describe('uploadSrcSet', () => {
  it('offers each smaller copy of an upload, then the original at its stored width', () => {
    expect(uploadSrcSet(`http://localhost:4000/assets/uploads/${NAME}`, STORED_IMAGE_WIDTHS.avatar)).toBe(
      [96, 192, 384]
        .map((width) => `http://localhost:4000/assets/uploads/${NAME}?w=${width} ${width}w`)
        .concat(`http://localhost:4000/assets/uploads/${NAME} 480w`)
        .join(', '),
    );
    expect(uploadSrcSet(`/assets/uploads/${NAME}`, STORED_IMAGE_WIDTHS.poster)).toContain(
      `/assets/uploads/${NAME}?w=960 960w, /assets/uploads/${NAME} 1280w`,
    );
  });

  it('offers nothing for another address, a query already there, a video or no picture', () => {
    for (const src of [
      null,
      undefined,
      '',
      'https://cdn.example.com/a.jpg',
      `/assets/uploads/${NAME}?w=96`,
      '/assets/uploads/0123456789abcdef0123456789abcdef.mp4',
      `/assets/receipts/${NAME}`,
      `javascript:alert(1)//assets/uploads/${NAME}`,
    ]) {
      expect(uploadSrcSet(src, 480), String(src)).toBeUndefined();
    }
  });
});
