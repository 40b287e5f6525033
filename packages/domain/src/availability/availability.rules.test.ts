import { describe, expect, it } from 'vitest';
import { Weekday } from '../enums/common.enums.ts';
import {
  type AvailabilitySlot,
  bookableTimes,
  bookingHorizon,
  copyWeekForward,
  groupByLocalDay,
  isOnGrid,
  slotError,
  slotsInWeek,
  validateSlots,
} from './availability.rules.ts';
import type { Interval } from './intervals.ts';

// Winter dates: Cairo is +02:00 throughout.
const at = (iso: string) => new Date(iso);
const local = (dateTime: string) => new Date(`${dateTime}:00+02:00`);
const span = (from: string, to: string): Interval => ({ start: local(from), end: local(to) });
const slot = (id: number, from: string, to: string): AvailabilitySlot => ({ id, ...span(from, to) });
const NOW = local('2026-01-17T08:00');

describe('isOnGrid and slotError', () => {
  it('accepts quarter hours only', () => {
    expect(isOnGrid(local('2026-01-18T09:45'))).toBe(true);
    expect(isOnGrid(local('2026-01-18T09:50'))).toBe(false);
    expect(isOnGrid(at('2026-01-18T09:45:30Z'))).toBe(false);
    expect(isOnGrid(new Date(Number.NaN))).toBe(false);
  });

  it('checks grid, then length, then the future', () => {
    expect(slotError(span('2026-01-18T09:00', '2026-01-18T12:00'), NOW)).toBeNull();
    expect(slotError(span('2026-01-18T09:10', '2026-01-18T12:00'), NOW)).toBe('slot-off-grid');
    expect(slotError(span('2026-01-18T09:00', '2026-01-18T09:15'), NOW)).toBe('slot-too-short');
    expect(slotError(span('2026-01-18T09:00', '2026-01-18T08:00'), NOW)).toBe('slot-too-short');
    expect(slotError(span('2026-01-18T09:00', '2026-01-18T09:30'), NOW)).toBeNull();
    expect(slotError(span('2026-01-18T09:00', '2026-01-18T21:00'), NOW)).toBeNull();
    expect(slotError(span('2026-01-18T09:00', '2026-01-18T21:15'), NOW)).toBe('slot-too-long');
    expect(slotError(span('2026-01-17T08:00', '2026-01-17T09:00'), NOW)).toBe('slot-in-past');
    expect(slotError(span('2026-01-16T08:00', '2026-01-16T09:00'), NOW)).toBe('slot-in-past');
  });
});

describe('validateSlots', () => {
  const existing = [
    slot(1, '2026-01-18T09:00', '2026-01-18T12:00'),
    slot(2, '2026-01-18T14:00', '2026-01-18T16:00'),
  ];

  it('accepts a batch and returns the resulting schedule in order', () => {
    const result = validateSlots(
      existing,
      {
        create: [span('2026-01-18T12:00', '2026-01-18T13:00')],
        update: [slot(2, '2026-01-18T15:00', '2026-01-18T17:00')],
        delete: [1],
      },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      slots: [
        { id: null, ...span('2026-01-18T12:00', '2026-01-18T13:00') },
        { id: 2, ...span('2026-01-18T15:00', '2026-01-18T17:00') },
      ],
      bookingsToCancel: [],
    });
  });

  it('lets windows touch but not overlap', () => {
    expect(validateSlots(existing, { create: [span('2026-01-18T12:00', '2026-01-18T14:00')] }, NOW).ok).toBe(
      true,
    );
    expect(validateSlots(existing, { create: [span('2026-01-18T11:45', '2026-01-18T13:00')] }, NOW)).toEqual({
      ok: false,
      code: 'conflicting-schedule',
      change: { kind: 'create', index: 0 },
    });
  });

  it('finds overlaps among the new windows themselves and with moved ones', () => {
    const twoNew = validateSlots(
      [],
      {
        create: [span('2026-01-19T09:00', '2026-01-19T11:00'), span('2026-01-19T10:00', '2026-01-19T12:00')],
      },
      NOW,
    );
    expect(twoNew).toMatchObject({ ok: false, code: 'conflicting-schedule' });
    const moved = validateSlots(existing, { update: [slot(2, '2026-01-18T11:00', '2026-01-18T13:00')] }, NOW);
    expect(moved).toEqual({ ok: false, code: 'conflicting-schedule', change: { kind: 'update', index: 0 } });
  });

  it('finds a window nested inside a longer one', () => {
    const result = validateSlots(
      [slot(1, '2026-01-18T09:00', '2026-01-18T20:00'), slot(2, '2026-01-18T20:00', '2026-01-18T21:00')],
      { create: [span('2026-01-18T13:00', '2026-01-18T14:00')] },
      NOW,
    );
    expect(result).toMatchObject({ ok: false, code: 'conflicting-schedule' });
  });

  it('allows a window where a deleted one was, in the same batch', () => {
    const result = validateSlots(
      existing,
      { delete: [1], create: [span('2026-01-18T10:00', '2026-01-18T11:00')] },
      NOW,
    );
    expect(result.ok).toBe(true);
  });

  it('reports unknown and repeated ids', () => {
    expect(validateSlots(existing, { delete: [9] }, NOW)).toEqual({
      ok: false,
      code: 'slot-not-found',
      change: { kind: 'delete', index: 0 },
    });
    expect(
      validateSlots(existing, { update: [slot(9, '2026-01-18T09:00', '2026-01-18T10:00')] }, NOW),
    ).toEqual({
      ok: false,
      code: 'slot-not-found',
      change: { kind: 'update', index: 0 },
    });
    expect(
      validateSlots(
        existing,
        { update: [slot(1, '2026-01-18T09:00', '2026-01-18T10:00')], delete: [1] },
        NOW,
      ),
    ).toEqual({ ok: false, code: 'bad-request', change: { kind: 'delete', index: 0 } });
  });

  it('reports the first invalid window with its code', () => {
    expect(
      validateSlots(
        existing,
        {
          create: [
            span('2026-01-19T09:00', '2026-01-19T10:00'),
            span('2026-01-19T11:00', '2026-01-19T11:15'),
          ],
        },
        NOW,
      ),
    ).toEqual({ ok: false, code: 'slot-too-short', change: { kind: 'create', index: 1 } });
    expect(
      validateSlots(existing, { create: [span('2026-01-16T09:00', '2026-01-16T10:00')] }, NOW),
    ).toMatchObject({
      code: 'slot-in-past',
    });
  });

  it('lets a window in progress be resized but not moved, and deleted', () => {
    const now = local('2026-01-18T10:00');
    const shrink = validateSlots(
      existing,
      { update: [slot(1, '2026-01-18T09:00', '2026-01-18T11:00')] },
      now,
    );
    expect(shrink.ok).toBe(true);
    const endsNow = validateSlots(
      existing,
      { update: [slot(1, '2026-01-18T09:00', '2026-01-18T10:00')] },
      now,
    );
    expect(endsNow).toMatchObject({ ok: false, code: 'slot-in-past' });
    const moved = validateSlots(existing, { update: [slot(1, '2026-01-18T09:45', '2026-01-18T11:00')] }, now);
    expect(moved).toMatchObject({ ok: false, code: 'slot-in-past' });
    const deleted = validateSlots(existing, { delete: [1] }, now);
    expect(deleted.ok).toBe(true);
  });

  describe('with booked lessons', () => {
    const lesson = { id: 70, ...span('2026-01-18T10:00', '2026-01-18T10:30') };
    const past = { id: 71, ...span('2026-01-16T10:00', '2026-01-16T10:30') };
    const pastWindow = slot(3, '2026-01-16T09:00', '2026-01-16T12:00');

    it('refuses to delete or shrink a window holding a lesson without confirmation', () => {
      expect(validateSlots(existing, { delete: [1] }, NOW, { bookings: [lesson] })).toEqual({
        ok: false,
        code: 'slot-has-lessons',
        bookings: [lesson],
      });
      const shrink = validateSlots(
        existing,
        { update: [slot(1, '2026-01-18T10:15', '2026-01-18T12:00')] },
        NOW,
        {
          bookings: [lesson],
        },
      );
      expect(shrink).toMatchObject({ ok: false, code: 'slot-has-lessons' });
    });

    it('returns the lessons to cancel once the tutor confirms', () => {
      const result = validateSlots(existing, { delete: [1] }, NOW, {
        bookings: [lesson],
        cancelBookings: true,
      });
      expect(result).toMatchObject({ ok: true, bookingsToCancel: [lesson] });
    });

    it('keeps lessons that still fit a window, and ignores ended ones', () => {
      const shrink = validateSlots(
        existing,
        { update: [slot(1, '2026-01-18T10:00', '2026-01-18T11:00')] },
        NOW,
        {
          bookings: [lesson],
        },
      );
      expect(shrink).toMatchObject({ ok: true, bookingsToCancel: [] });
      const moveIntoNew = validateSlots(
        existing,
        { delete: [1], create: [span('2026-01-18T09:30', '2026-01-18T11:00')] },
        NOW,
        { bookings: [lesson] },
      );
      expect(moveIntoNew).toMatchObject({ ok: true, bookingsToCancel: [] });
      const oldWindow = validateSlots([...existing, pastWindow], { delete: [3] }, NOW, { bookings: [past] });
      expect(oldWindow).toMatchObject({ ok: true, bookingsToCancel: [] });
    });
  });
});

describe('copyWeekForward', () => {
  it('copies each window 1 to 8 weeks forward, in order', () => {
    const week = [
      slot(1, '2026-01-17T09:00', '2026-01-17T12:00'),
      slot(2, '2026-01-20T18:00', '2026-01-20T20:00'),
    ];
    const { slots, skipped } = copyWeekForward(week, 2);
    expect(skipped).toEqual([]);
    expect(slots.map((copy) => [copy.source.id, copy.week, copy.start.toISOString()])).toEqual([
      [1, 1, '2026-01-24T07:00:00.000Z'],
      [2, 1, '2026-01-27T16:00:00.000Z'],
      [1, 2, '2026-01-31T07:00:00.000Z'],
      [2, 2, '2026-02-03T16:00:00.000Z'],
    ]);
    expect(copyWeekForward(week, 8).slots).toHaveLength(16);
  });

  it('refuses to copy 0 or more than 8 weeks', () => {
    expect(() => copyWeekForward([], 0)).toThrow(RangeError);
    expect(() => copyWeekForward([], 9)).toThrow(RangeError);
    expect(() => copyWeekForward([], 1.5)).toThrow(RangeError);
  });
});

describe('slotsInWeek', () => {
  it('keeps the windows starting in the product week', () => {
    const all = [
      slot(1, '2026-01-16T23:00', '2026-01-17T01:00'),
      slot(2, '2026-01-17T00:00', '2026-01-17T01:00'),
      slot(3, '2026-01-23T23:00', '2026-01-24T01:00'),
      slot(4, '2026-01-24T00:00', '2026-01-24T01:00'),
    ];
    expect(slotsInWeek(all, '2026-01-20').map((s) => s.id)).toEqual([2, 3]);
  });
});

describe('bookableTimes', () => {
  const options = { leadMinutes: 60, noticeDays: 14 };
  const windows = [span('2026-01-18T09:00', '2026-01-18T11:00')];

  it('offers every quarter hour where the whole lesson fits', () => {
    const times = bookableTimes(windows, [], 30, NOW, options);
    expect(times.map((t) => t.toISOString().slice(11, 16))).toEqual([
      '07:00',
      '07:15',
      '07:30',
      '07:45',
      '08:00',
      '08:15',
      '08:30',
    ]);
    expect(bookableTimes(windows, [], 15, NOW, options)).toHaveLength(8);
  });

  it('leaves out times overlapping bookings', () => {
    const busy = [span('2026-01-18T09:30', '2026-01-18T10:00')];
    const times = bookableTimes(windows, busy, 30, NOW, options);
    expect(times.map((t) => t.toISOString().slice(11, 16))).toEqual(['07:00', '08:00', '08:15', '08:30']);
  });

  it('starts no sooner than the lead time, rounded up to the grid', () => {
    const now = local('2026-01-18T08:20');
    const times = bookableTimes(windows, [], 30, now, options);
    expect(times[0]).toEqual(local('2026-01-18T09:30'));
  });

  it('stops at the notice horizon, inclusive', () => {
    const now = local('2026-01-17T09:30');
    const times = bookableTimes(windows, [], 15, now, { leadMinutes: 60, noticeDays: 1 });
    expect(times.at(-1)).toEqual(local('2026-01-18T09:30'));
    expect(bookingHorizon(now, 1)).toEqual(local('2026-01-18T09:30'));
  });

  it('keeps two touching windows apart: no lesson across them', () => {
    const touching = [
      span('2026-01-18T09:00', '2026-01-18T09:45'),
      span('2026-01-18T09:45', '2026-01-18T10:30'),
    ];
    const times = bookableTimes(touching, [], 30, NOW, options);
    expect(times.map((t) => t.toISOString().slice(11, 16))).toEqual(['07:00', '07:15', '07:45', '08:00']);
  });

  it('returns nothing for a window too short for the lesson', () => {
    expect(bookableTimes([span('2026-01-18T09:00', '2026-01-18T09:15')], [], 30, NOW, options)).toEqual([]);
  });

  it('sorts and removes duplicates from overlapping input', () => {
    const times = bookableTimes(
      [
        span('2026-01-19T09:00', '2026-01-19T10:00'),
        span('2026-01-18T09:00', '2026-01-18T10:00'),
        span('2026-01-18T09:00', '2026-01-18T10:00'),
      ],
      [],
      30,
      NOW,
      options,
    );
    expect(times).toHaveLength(6);
    expect([...times].sort((a, b) => a.getTime() - b.getTime())).toEqual(times);
  });
});

describe('groupByLocalDay', () => {
  it('groups instants by local date, in order, with the Saturday of their week', () => {
    const days = groupByLocalDay([
      local('2026-01-24T10:00'),
      local('2026-01-23T23:30'),
      local('2026-01-23T09:00'),
      local('2026-01-23T09:00'),
    ]);
    expect(days).toEqual([
      {
        date: '2026-01-23',
        weekday: Weekday.Friday,
        dayOfWeek: 6,
        weekStart: '2026-01-17',
        times: [
          { start: local('2026-01-23T09:00'), time: '09:00', offsetMinutes: 120, repeated: false },
          { start: local('2026-01-23T23:30'), time: '23:30', offsetMinutes: 120, repeated: false },
        ],
      },
      {
        date: '2026-01-24',
        weekday: Weekday.Saturday,
        dayOfWeek: 0,
        weekStart: '2026-01-24',
        times: [{ start: local('2026-01-24T10:00'), time: '10:00', offsetMinutes: 120, repeated: false }],
      },
    ]);
  });

  it('uses the zone given', () => {
    const [day] = groupByLocalDay([at('2026-01-23T22:30:00Z')], 'UTC');
    expect(day?.date).toBe('2026-01-23');
    expect(groupByLocalDay([at('2026-01-23T22:30:00Z')])[0]?.date).toBe('2026-01-24');
  });
});
