import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageVariants } from './image-variants.ts';

const jpeg = (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();

describe('image variants', () => {
  it('makes a copy once, shares it while being made, and drops the least recently used past the limit', async () => {
    const original = await jpeg(480);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return original;
    };
    const probe = await createImageVariants({ maxBytes: 10_000_000 }).get('a', 96, read);
    const size = probe.length;
    reads = 0;
    // Room for two copies of this size.
    const variants = createImageVariants({ maxBytes: size * 2 + 1 });
    const [first, second] = await Promise.all([variants.get('a', 96, read), variants.get('a', 96, read)]);
    expect(first).toBe(second);
    expect(reads).toBe(1);
    expect(await sharp(first).metadata()).toMatchObject({ width: 96, height: 96, format: 'jpeg' });
    await variants.get('b', 96, read);
    await variants.get('a', 96, read); // a is now the most recent
    expect(reads).toBe(2);
    await variants.get('c', 96, read); // b goes
    await variants.get('a', 96, read);
    expect(reads).toBe(3);
    await variants.get('b', 96, read);
    expect(reads).toBe(4);
  });

  it('lets a failed copy be tried again', async () => {
    const variants = createImageVariants({ maxBytes: 1_000_000 });
    await expect(variants.get('bad', 96, async () => Buffer.from('not a picture'))).rejects.toThrow();
    const good = await variants.get('bad', 96, () => jpeg(200));
    expect((await sharp(good).metadata()).width).toBe(96);
  });
});
