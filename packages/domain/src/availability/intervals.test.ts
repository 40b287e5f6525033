import { describe, expect, it } from 'vitest';
import { type Interval, intervalMinutes, isOverlapping, isWithin, subtractIntervals } from './intervals.ts';

const span = (from: string, to: string): Interval => ({
  start: new Date(`2026-01-17T${from}:00Z`),
  end: new Date(`2026-01-17T${to}:00Z`),
});
const show = (intervals: Interval[]) =>
  intervals.map((i) => `${i.start.toISOString().slice(11, 16)}-${i.end.toISOString().slice(11, 16)}`);

describe('interval helpers', () => {
  it('treats intervals as half-open: touching ends do not overlap', () => {
    expect(isOverlapping(span('09:00', '10:00'), span('10:00', '11:00'))).toBe(false);
    expect(isOverlapping(span('09:00', '10:00'), span('09:45', '11:00'))).toBe(true);
    expect(isOverlapping(span('09:00', '12:00'), span('10:00', '11:00'))).toBe(true);
  });

  it('tells whether one interval lies inside another, ends included', () => {
    expect(isWithin(span('09:00', '09:30'), span('09:00', '12:00'))).toBe(true);
    expect(isWithin(span('11:30', '12:00'), span('09:00', '12:00'))).toBe(true);
    expect(isWithin(span('11:45', '12:15'), span('09:00', '12:00'))).toBe(false);
  });

  it('measures whole minutes', () => {
    expect(intervalMinutes(span('09:00', '10:30'))).toBe(90);
  });
});

describe('subtractIntervals', () => {
  it('cuts bookings out of a window', () => {
    const free = subtractIntervals(
      [span('09:00', '12:00')],
      [span('10:00', '10:30'), span('11:00', '11:15')],
    );
    expect(show(free)).toEqual(['09:00-10:00', '10:30-11:00', '11:15-12:00']);
  });

  it('handles cuts covering an edge, the whole window or nothing', () => {
    expect(show(subtractIntervals([span('09:00', '12:00')], [span('08:00', '09:30')]))).toEqual([
      '09:30-12:00',
    ]);
    expect(show(subtractIntervals([span('09:00', '12:00')], [span('11:30', '13:00')]))).toEqual([
      '09:00-11:30',
    ]);
    expect(subtractIntervals([span('09:00', '12:00')], [span('08:00', '13:00')])).toEqual([]);
    expect(show(subtractIntervals([span('09:00', '12:00')], [span('12:00', '13:00')]))).toEqual([
      '09:00-12:00',
    ]);
  });

  it('handles overlapping and unsorted cuts', () => {
    const free = subtractIntervals(
      [span('09:00', '12:00')],
      [span('10:30', '11:00'), span('10:00', '10:45'), span('09:00', '09:15')],
    );
    expect(show(free)).toEqual(['09:15-10:00', '11:00-12:00']);
  });

  it('keeps touching windows apart and sorts the result', () => {
    const free = subtractIntervals([span('10:00', '11:00'), span('09:00', '10:00')], []);
    expect(show(free)).toEqual(['09:00-10:00', '10:00-11:00']);
  });

  it('ignores empty cuts', () => {
    expect(show(subtractIntervals([span('09:00', '10:00')], [span('09:30', '09:30')]))).toEqual([
      '09:00-10:00',
    ]);
  });
});
