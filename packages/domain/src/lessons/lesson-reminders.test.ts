import { describe, expect, it } from 'vitest';
import { lessonRemindersAhead } from './lesson-reminders.ts';

const HOUR = 3600_000;
const start = new Date('2027-03-02T08:00:00Z');
const before = (ms: number) => new Date(start.getTime() - ms);

describe('lessonRemindersAhead', () => {
  it('gives a lesson booked days ahead both reminders, a day and an hour before it starts', () => {
    expect(lessonRemindersAhead(start, before(72 * HOUR))).toEqual([
      { kind: 'day', at: before(24 * HOUR), until: before(HOUR) },
      { kind: 'hour', at: before(HOUR), until: start },
    ]);
  });

  it('skips the reminders whose time has passed', () => {
    expect(lessonRemindersAhead(start, before(24 * HOUR)).map((r) => r.kind)).toEqual(['hour']);
    expect(lessonRemindersAhead(start, before(5 * HOUR)).map((r) => r.kind)).toEqual(['hour']);
    expect(lessonRemindersAhead(start, before(HOUR))).toEqual([]);
    expect(lessonRemindersAhead(start, before(30 * 60_000))).toEqual([]);
  });
});
