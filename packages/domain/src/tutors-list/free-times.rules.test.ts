import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import { FREE_TIMES_DAYS, freeTimesSpan, groupFreeTimes, restOfToday } from './free-times.rules.ts';
import { TutorFreeTimesSchema } from './free-times.schemas.ts';
import { FindOnboardedTutorsQuerySchema } from './tutors-list.schemas.ts';

const iso = (value: string) => new Date(value).toISOString();

describe('freeTimesSpan', () => {
  it('runs from now to the end of the seventh Cairo calendar day, today included', () => {
    // Monday 1 March 2027, 10:00 Cairo (UTC+2): the seventh day is Sunday 7 March.
    const now = new Date('2027-03-01T08:00:00Z');
    expect(FREE_TIMES_DAYS).toBe(7);
    expect(freeTimesSpan(now)).toEqual({ start: now, end: new Date('2027-03-07T22:00:00Z') });
  });

  it('follows the Cairo calendar, not the UTC one, late in the evening', () => {
    // 23:30 Cairo on Monday is still Monday 21:30 UTC; 00:30 Cairo on Tuesday is Monday 22:30 UTC.
    expect(freeTimesSpan(new Date('2027-03-01T21:30:00Z')).end).toEqual(new Date('2027-03-07T22:00:00Z'));
    expect(freeTimesSpan(new Date('2027-03-01T22:30:00Z')).end).toEqual(new Date('2027-03-08T22:00:00Z'));
  });

  it('is an hour shorter across the spring-forward night and an hour longer across the fall-back one', () => {
    // Cairo springs forward at 00:00 on Friday 24 April 2026 and falls back at 24:00 on 29 October.
    const spring = new Date('2026-04-20T08:00:00Z');
    const springSpan = freeTimesSpan(spring);
    // Sunday 26 April ends at 00:00 EEST (UTC+3).
    expect(springSpan.end).toEqual(new Date('2026-04-26T21:00:00Z'));
    expect(springSpan.end.getTime() - new Date('2026-04-19T22:00:00Z').getTime()).toBe(
      (7 * 24 - 1) * 3600_000,
    );
    const autumn = new Date('2026-10-27T08:00:00Z');
    const autumnSpan = freeTimesSpan(autumn);
    // Monday 2 November ends at 00:00 EET (UTC+2).
    expect(autumnSpan.end).toEqual(new Date('2026-11-02T22:00:00Z'));
    expect(autumnSpan.end.getTime() - new Date('2026-10-26T21:00:00Z').getTime()).toBe(
      (7 * 24 + 1) * 3600_000,
    );
  });
});

describe('restOfToday', () => {
  it('ends at the next Cairo midnight, or where clocks jump past it', () => {
    expect(restOfToday(new Date('2027-03-01T08:00:00Z')).end).toEqual(new Date('2027-03-01T22:00:00Z'));
    // Thursday 23 April 2026: Friday's 00:00 EET never happens; the day ends when clocks jump to 01:00 EEST.
    expect(restOfToday(new Date('2026-04-23T08:00:00Z')).end).toEqual(new Date('2026-04-23T22:00:00Z'));
    // Thursday 29 October 2026: the day holds 23:00–24:00 twice and ends at 00:00 EET.
    expect(restOfToday(new Date('2026-10-29T08:00:00Z')).end).toEqual(new Date('2026-10-29T22:00:00Z'));
  });
});

describe('groupFreeTimes', () => {
  it('groups by Cairo day, each day knowing the Saturday its week starts on', () => {
    const days = groupFreeTimes(
      [
        '2027-03-04T20:00:00Z', // Thursday 22:00
        '2027-03-04T22:15:00Z', // Friday 00:15 (Cairo), still Thursday in UTC
        '2027-03-05T08:00:00Z', // Friday 10:00
        '2027-03-06T07:00:00Z', // Saturday 09:00: a new week
      ].map((value) => new Date(value)),
    );
    expect(days).toEqual([
      { date: '2027-03-04', weekStart: '2027-02-27', starts: [iso('2027-03-04T20:00:00Z')] },
      {
        date: '2027-03-05',
        weekStart: '2027-02-27',
        starts: [iso('2027-03-04T22:15:00Z'), iso('2027-03-05T08:00:00Z')],
      },
      { date: '2027-03-06', weekStart: '2027-03-06', starts: [iso('2027-03-06T07:00:00Z')] },
    ]);
    expect(groupFreeTimes([])).toEqual([]);
  });

  it('keeps both 23:00s of the night clocks go back on the same day', () => {
    // 23:00 EEST is 20:00Z, 23:00 EET an hour later.
    const days = groupFreeTimes([new Date('2026-10-29T20:00:00Z'), new Date('2026-10-29T21:00:00Z')]);
    expect(days).toEqual([
      {
        date: '2026-10-29',
        weekStart: '2026-10-24',
        starts: [iso('2026-10-29T20:00:00Z'), iso('2026-10-29T21:00:00Z')],
      },
    ]);
  });
});

describe('the free-times answer and the available filter', () => {
  it('checks the answer: local dates, ISO starts', () => {
    const answer = {
      tutorId: 3,
      until: '2027-03-07T22:00:00.000Z',
      days: [{ date: '2027-03-02', weekStart: '2027-02-27', starts: ['2027-03-02T07:00:00.000Z'] }],
    };
    expect(TutorFreeTimesSchema.safeParse(answer).success).toBe(true);
    const wrongDate = { ...answer, days: [{ ...answer.days[0]!, date: '2 March' }] };
    expect(TutorFreeTimesSchema.safeParse(wrongDate).success).toBe(false);
  });

  it('takes available=today and refuses anything else with bad-request', () => {
    expect(FindOnboardedTutorsQuerySchema.parse({ available: 'today' }).available).toBe('today');
    expect(FindOnboardedTutorsQuerySchema.parse({}).available).toBeUndefined();
    const wrong = FindOnboardedTutorsQuerySchema.safeParse({ available: 'tomorrow' });
    expect(wrong.success).toBe(false);
    expect(validationErrorCode(wrong.error!)).toBe('bad-request');
  });
});
