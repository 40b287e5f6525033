import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  AvailabilitySlotSchema,
  CopyWeekRequestSchema,
  FindSlotsQuerySchema,
  LocalDateSchema,
  SaveSlotsResponseSchema,
  SlotUpdateSchema,
  saveSlotsRequestSchema,
  slotInputSchema,
} from './availability.schemas.ts';

const NOW = new Date('2026-01-17T06:00:00Z');
const codeOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? 'ok' : validationErrorCode(result.error as Parameters<typeof validationErrorCode>[0]);

describe('slotInputSchema', () => {
  const schema = slotInputSchema(NOW);
  const parse = (start: string, end: string) => codeOf(schema.safeParse({ start, end }));

  it('accepts a future window on the grid, in any offset', () => {
    expect(parse('2026-01-18T09:00:00+02:00', '2026-01-18T12:00:00+02:00')).toBe('ok');
    expect(parse('2026-01-18T07:00:00Z', '2026-01-18T07:30:00Z')).toBe('ok');
  });

  it('answers each problem with its code, on the field at fault', () => {
    expect(parse('2026-01-18T09:05:00+02:00', '2026-01-18T12:00:00+02:00')).toBe('slot-off-grid');
    expect(
      schema.safeParse({ start: '2026-01-18T09:05:00Z', end: '2026-01-18T12:00:00Z' }).error?.issues[0]?.path,
    ).toEqual(['start']);
    expect(parse('2026-01-18T09:00:00+02:00', '2026-01-18T12:10:00+02:00')).toBe('slot-off-grid');
    expect(parse('2026-01-18T09:00:00+02:00', '2026-01-18T09:15:00+02:00')).toBe('slot-too-short');
    expect(parse('2026-01-18T09:00:00+02:00', '2026-01-18T08:00:00+02:00')).toBe('slot-too-short');
    expect(parse('2026-01-18T06:00:00+02:00', '2026-01-18T18:15:00+02:00')).toBe('slot-too-long');
    expect(parse('2026-01-17T08:00:00+02:00', '2026-01-17T09:00:00+02:00')).toBe('slot-in-past');
  });

  it('rejects missing and malformed instants', () => {
    expect(codeOf(schema.safeParse({ end: '2026-01-18T12:00:00Z' }))).toBe('required');
    expect(parse('2026-01-18 09:00', '2026-01-18T12:00:00Z')).toBe('bad-request');
    expect(parse('2026-01-18T09:00:00', '2026-01-18T12:00:00Z')).toBe('bad-request');
  });

  it('reads the clock at each parse unless given one', () => {
    expect(
      codeOf(slotInputSchema().safeParse({ start: '2020-01-18T09:00:00Z', end: '2020-01-18T10:00:00Z' })),
    ).toBe('slot-in-past');
  });
});

describe('SlotUpdateSchema', () => {
  it('checks shape but leaves the past to validateSlots', () => {
    expect(
      codeOf(
        SlotUpdateSchema.safeParse({ id: 3, start: '2020-01-18T09:00:00Z', end: '2020-01-18T10:00:00Z' }),
      ),
    ).toBe('ok');
    expect(
      codeOf(
        SlotUpdateSchema.safeParse({ id: 3, start: '2020-01-18T09:00:00Z', end: '2020-01-18T09:15:00Z' }),
      ),
    ).toBe('slot-too-short');
    expect(
      codeOf(
        SlotUpdateSchema.safeParse({ id: 0, start: '2026-01-18T09:00:00Z', end: '2026-01-18T10:00:00Z' }),
      ),
    ).toBe('bad-request');
  });
});

describe('saveSlotsRequestSchema', () => {
  const schema = saveSlotsRequestSchema(NOW);

  it('needs at least one change and defaults the rest', () => {
    expect(codeOf(schema.safeParse({}))).toBe('empty-request');
    expect(schema.parse({ delete: [4] })).toEqual({
      create: [],
      update: [],
      delete: [4],
      cancelLessons: false,
    });
  });

  it('checks every new window', () => {
    const body = {
      create: [
        { start: '2026-01-18T09:00:00Z', end: '2026-01-18T10:00:00Z' },
        { start: '2026-01-18T11:00:00Z', end: '2026-01-18T11:10:00Z' },
      ],
    };
    expect(codeOf(schema.safeParse(body))).toBe('slot-off-grid');
    expect(schema.safeParse(body).error?.issues[0]?.path).toEqual(['create', 1, 'end']);
  });

  it('takes the tutor’s confirmation to cancel lessons', () => {
    expect(schema.parse({ delete: [4], cancelLessons: true }).cancelLessons).toBe(true);
    expect(codeOf(schema.safeParse({ delete: [4], cancelLessons: 'yes' }))).toBe('bad-request');
  });
});

describe('CopyWeekRequestSchema', () => {
  it('takes a local date of the source week and 1–8 weeks', () => {
    expect(CopyWeekRequestSchema.parse({ week: '2026-04-18', weeks: 8 })).toEqual({
      week: '2026-04-18',
      weeks: 8,
      cancelLessons: false,
    });
    expect(codeOf(CopyWeekRequestSchema.safeParse({ week: '2026-04-18', weeks: 9 }))).toBe('bad-request');
    expect(codeOf(CopyWeekRequestSchema.safeParse({ week: '2026-04-18', weeks: 0 }))).toBe('bad-request');
    expect(codeOf(CopyWeekRequestSchema.safeParse({ week: '2026-02-30', weeks: 1 }))).toBe('bad-request');
    expect(codeOf(CopyWeekRequestSchema.safeParse({ weeks: 1 }))).toBe('required');
  });
});

describe('FindSlotsQuerySchema', () => {
  it('takes a range up to 62 days and an optional tutor id from the query string', () => {
    expect(
      FindSlotsQuerySchema.parse({ tutorId: '7', from: '2026-01-17T00:00:00Z', to: '2026-03-20T00:00:00Z' }),
    ).toEqual({ tutorId: 7, from: '2026-01-17T00:00:00Z', to: '2026-03-20T00:00:00Z' });
    expect(
      codeOf(FindSlotsQuerySchema.safeParse({ from: '2026-01-17T00:00:00Z', to: '2026-03-21T00:00:01Z' })),
    ).toBe('bad-request');
    expect(
      codeOf(FindSlotsQuerySchema.safeParse({ from: '2026-01-17T00:00:00Z', to: '2026-01-17T00:00:00Z' })),
    ).toBe('bad-request');
  });
});

describe('responses and local dates', () => {
  it('parses a slot and a save answer', () => {
    const slot = { id: 1, tutorId: 2, start: '2026-01-18T07:00:00Z', end: '2026-01-18T10:00:00Z' };
    expect(AvailabilitySlotSchema.parse(slot)).toEqual(slot);
    expect(SaveSlotsResponseSchema.parse({ list: [slot], canceledLessonIds: [5] }).skipped).toEqual([]);
  });

  it('accepts only real calendar dates', () => {
    expect(LocalDateSchema.safeParse('2026-04-24').success).toBe(true);
    expect(codeOf(LocalDateSchema.safeParse('24/04/2026'))).toBe('bad-request');
  });
});
