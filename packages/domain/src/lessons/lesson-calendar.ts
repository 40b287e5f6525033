import { isLessonCanceled, type LessonCanceler, lessonEnd } from './lesson.rules.ts';

/**
 * "Add to calendar" (RFC 5545): one VEVENT in a VCALENDAR, times in UTC (`Z`), lines ending CRLF and
 * folded at 75 octets without splitting a UTF-8 character, TEXT values escaped. The UID is stable per
 * lesson, so importing the file again after a reschedule updates the event instead of adding one.
 */

export type IcsLesson = {
  id: number;
  start: Date;
  /** Minutes. */
  duration: number;
  createdAt: Date;
  /** Last change (reschedule, cancellation); DTSTAMP and SEQUENCE follow it. */
  updatedAt?: Date | null;
  canceledAt?: Date | null;
  canceledBy?: LessonCanceler | null;
};

export type IcsOptions = {
  tutorName: string;
  /** The lesson page (`https://…/lesson/{id}`): URL, LOCATION and the description's link. */
  url: string;
  /** Default `درس إنجليزي مع {tutorName}`. */
  summary?: string;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** `20260425T060000Z`: the UTC "form #2" DATE-TIME. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value: backslash, semicolon, comma, and line breaks as `\n`. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) {
    return 1;
  }
  if (codePoint < 0x800) {
    return 2;
  }
  return codePoint < 0x10000 ? 3 : 4;
}

/** Folds a content line: at most 75 octets per physical line, continuations start with one space. */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    const limit = lines.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** A URI value may not hold control characters; anything else goes as is (no TEXT escaping). */
function uri(value: string): string {
  return [...value].filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f).join('');
}

/**
 * The lesson as an `.ics` file body (`text/calendar; charset=utf-8`). A cancelled lesson is exported
 * with `STATUS:CANCELLED`, so calendars that imported it remove or strike it.
 */
export function lessonToIcs(lesson: IcsLesson, options: IcsOptions): string {
  const { hostname } = new URL(options.url);
  const changedAt = lesson.canceledAt ?? lesson.updatedAt ?? lesson.createdAt;
  const sequence = Math.max(0, Math.floor((changedAt.getTime() - lesson.createdAt.getTime()) / 1000));
  const summary = options.summary ?? `درس إنجليزي مع ${options.tutorName}`;
  const description = `${summary} (${lesson.duration} دقيقة)\nادخل إلى الدرس: ${options.url}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hiwar//Lessons//AR',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:lesson-${lesson.id}@${hostname}`,
    `DTSTAMP:${icsDateTime(changedAt)}`,
    `SEQUENCE:${sequence}`,
    `DTSTART:${icsDateTime(lesson.start)}`,
    `DTEND:${icsDateTime(lessonEnd(lesson))}`,
    `SUMMARY:${escapeIcsText(summary)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `LOCATION:${escapeIcsText(options.url)}`,
    `URL:${uri(options.url)}`,
    `STATUS:${isLessonCanceled(lesson) ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
