import { describe, expect, it } from 'vitest';
import { formatBytes, formatId, formatMilliseconds, formatUptime } from './figures.ts';

describe('figures as the back office writes them', () => {
  it('writes record numbers in Arabic-Indic digits, without a thousands separator', () => {
    expect(formatId(7)).toBe('٧');
    expect(formatId(1207)).toBe('١٢٠٧');
    expect(formatId(2_147_483_647)).toBe('٢١٤٧٤٨٣٦٤٧');
  });

  it('writes sizes, durations and uptimes in Arabic-Indic digits', () => {
    for (const text of [formatBytes(1_536), formatMilliseconds(12.25), formatUptime(277_920)]) {
      expect(text).toMatch(/[٠-٩]/);
      expect(text).not.toMatch(/[0-9]/);
    }
  });
});
