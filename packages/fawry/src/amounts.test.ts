import { describe, expect, it } from 'vitest';
import { formatFawryAmount, normalizeFawryAmount, parseFawryAmount, tryParseFawryAmount } from './amounts.ts';

describe('formatFawryAmount', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [2050, '20.50'],
    [15000, '150.00'],
    [15250, '152.50'],
    [123456789, '1234567.89'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('formats %i piasters as "%s"', (piasters, text) => {
    expect(formatFawryAmount(piasters)).toBe(text);
  });

  it.each([[-1], [1.5], [0.1 + 0.2], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])(
    'rejects %s',
    (value) => {
      expect(() => formatFawryAmount(value)).toThrow(RangeError);
    },
  );
});

describe('parseFawryAmount', () => {
  it.each([
    [840, 84000],
    [840.0, 84000],
    [152.5, 15250],
    [0.1, 10],
    [0.29, 29],
    [1.15, 115],
    [4.35, 435],
    [1234567.89, 123456789],
    ['152.50', 15250],
    ['150', 15000],
    ['0.0', 0],
    ['20.500', 2050],
    [' 7.05 ', 705],
  ])('reads %s as %i piasters, without float error', (value, piasters) => {
    expect(parseFawryAmount(value)).toBe(piasters);
  });

  it.each([[-1], ['-1.00'], ['1.005'], [1.005], ['1e3'], [1e21], ['abc'], [''], ['1,000.00'], [Number.NaN]])(
    'rejects %s',
    (value) => {
      expect(() => parseFawryAmount(value)).toThrow(RangeError);
      expect(tryParseFawryAmount(value)).toBeNull();
    },
  );

  it('round-trips every piaster value of a range through Fawry numbers', () => {
    const wrong: number[] = [];
    for (let piasters = 0; piasters < 200_000; piasters += 1) {
      if (
        parseFawryAmount(piasters / 100) !== piasters ||
        parseFawryAmount(formatFawryAmount(piasters)) !== piasters
      ) {
        wrong.push(piasters);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('normalises what Fawry sends to the signed form', () => {
    expect(normalizeFawryAmount(840.0)).toBe('840.00');
    expect(normalizeFawryAmount('20.5')).toBe('20.50');
    expect(tryParseFawryAmount(undefined)).toBeNull();
  });
});
