import { describe, expect, it, vi } from 'vitest';
import { loadArabicFont } from './fonts.ts';

describe('the Arabic font at boot', () => {
  it('asks for Cairo’s Arabic faces in the weights of text, labels and headings', async () => {
    const load = vi.fn(async (): Promise<FontFace[]> => []);
    await loadArabicFont({ load } as unknown as FontFaceSet);
    expect(load.mock.calls).toEqual([
      ['400 1em Cairo', 'حوار'],
      ['600 1em Cairo', 'حوار'],
      ['700 1em Cairo', 'حوار'],
    ]);
  });
});
