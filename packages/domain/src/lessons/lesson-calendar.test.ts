import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, icsDateTime, lessonToIcs } from './lesson-calendar.ts';

const lesson = {
  id: 42,
  start: new Date('2026-04-25T06:00:00Z'),
  duration: 30,
  createdAt: new Date('2026-04-20T10:00:00Z'),
  updatedAt: new Date('2026-04-20T10:00:00Z'),
  canceledAt: null,
};
const options = { tutorName: 'منى, أحمد; "م"', url: 'https://app.hiwar.example/lesson/42' };

/** Unfolds lines as a calendar client does: CRLF followed by one space continues the line. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
const property = (ics: string, name: string) =>
  unfold(ics)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe('lessonToIcs', () => {
  const ics = lessonToIcs(lesson, options);

  it('is one VEVENT inside a VCALENDAR, with CRLF line ends only', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(ics).filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('has a stable UID, UTC times and the end from the duration', () => {
    expect(property(ics, 'UID')).toBe('lesson-42@app.hiwar.example');
    expect(property(ics, 'DTSTART')).toBe('20260425T060000Z');
    expect(property(ics, 'DTEND')).toBe('20260425T063000Z');
    expect(property(ics, 'DTSTAMP')).toBe('20260420T100000Z');
    expect(property(ics, 'SEQUENCE')).toBe('0');
    expect(property(ics, 'STATUS')).toBe('CONFIRMED');
    expect(property(ics, 'URL')).toBe(options.url);
  });

  it('escapes text values and keeps the Arabic summary', () => {
    expect(property(ics, 'SUMMARY')).toBe('درس إنجليزي مع منى\\, أحمد\\; "م"');
    expect(property(ics, 'DESCRIPTION')).toContain('\\nادخل إلى الدرس: https://app.hiwar.example/lesson/42');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n')) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(ics).toContain('\r\n ');
    expect(unfold(ics).join('')).not.toContain('\uFFFD');
  });

  it('marks a cancelled or moved lesson so imported copies update', () => {
    const moved = lessonToIcs({ ...lesson, updatedAt: new Date('2026-04-21T10:00:00Z') }, options);
    expect(Number(property(moved, 'SEQUENCE'))).toBeGreaterThan(0);
    expect(property(moved, 'DTSTAMP')).toBe('20260421T100000Z');
    const cancelled = lessonToIcs(
      { ...lesson, canceledAt: new Date('2026-04-22T10:00:00Z'), canceledBy: 'student' },
      options,
    );
    expect(property(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(property(cancelled, 'UID')).toBe('lesson-42@app.hiwar.example');
  });
});

describe('iCalendar helpers', () => {
  it('writes UTC date-times without separators or milliseconds', () => {
    expect(icsDateTime(new Date('2026-10-29T21:30:00.123Z'))).toBe('20261029T213000Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('leaves short lines alone and folds long ASCII lines at 75 octets', () => {
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short');
    const folded = foldIcsLine(`DESCRIPTION:${'x'.repeat(200)}`);
    const lines = folded.split('\r\n');
    expect(lines[0]).toHaveLength(75);
    expect(lines.slice(1).every((line) => line.startsWith(' ') && line.length <= 75)).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(
      `DESCRIPTION:${'x'.repeat(200)}`,
    );
  });
});
