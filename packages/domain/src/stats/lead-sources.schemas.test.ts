import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import { knownLeadSource, UNKNOWN_LEAD_SOURCE_LIMITS, unknownLeadSourceName } from './lead-sources.rules.ts';
import { LeadSourceStatsQuerySchema } from './lead-sources.schemas.ts';

describe('unknown lead-source names', () => {
  it('are kept lower-cased when short and plain', () => {
    expect(unknownLeadSourceName('promo-2027')).toBe('promo-2027');
    expect(unknownLeadSourceName('TikTok_Ads')).toBe('tiktok_ads');
    expect(unknownLeadSourceName('a'.repeat(UNKNOWN_LEAD_SOURCE_LIMITS.nameMax))).toHaveLength(32);
  });

  it('are not recorded when too long, empty, or made of anything else', () => {
    for (const raw of [
      '',
      'a'.repeat(UNKNOWN_LEAD_SOURCE_LIMITS.nameMax + 1),
      'فيسبوك',
      'a b',
      'a/b',
      '<script>',
      'a.b',
      'ａｂｃ',
      '%41',
      'name\u0000',
    ]) {
      expect(unknownLeadSourceName(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('leave out the six known sources, in any case', () => {
    expect(unknownLeadSourceName('sfb')).toBeNull();
    expect(unknownLeadSourceName('SFB')).toBeNull();
    expect(knownLeadSource('SFB')).toBe('sfb');
    expect(knownLeadSource('Wa')).toBe('wa');
    expect(knownLeadSource('fb')).toBeNull();
  });
});

describe('LeadSourceStatsQuerySchema', () => {
  it('counts 8 weeks unless told 2 to 26', () => {
    expect(LeadSourceStatsQuerySchema.parse({})).toEqual({ weeks: 8 });
    expect(LeadSourceStatsQuerySchema.parse({ weeks: '12' })).toEqual({ weeks: 12 });
    for (const weeks of ['1', '27', 'x', '2.5']) {
      const result = LeadSourceStatsQuerySchema.safeParse({ weeks });
      expect(validationErrorCode(result.error!)).toBe('bad-request');
    }
  });
});
