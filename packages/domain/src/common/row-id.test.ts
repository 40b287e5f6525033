import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, readRowId } from './row-id.ts';

describe('readRowId', () => {
  it('reads 1 to the largest integer id, written in digits only', () => {
    expect(readRowId('1')).toBe(1);
    expect(readRowId('0042')).toBe(42);
    expect(readRowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  it('is undefined for anything else', () => {
    for (const raw of [
      null,
      undefined,
      '',
      '0',
      '-1',
      '1.5',
      '1e3',
      ' 7',
      'abc',
      String(MAX_ROW_ID + 1),
      '99999999999',
    ]) {
      expect(readRowId(raw)).toBeUndefined();
    }
  });
});
