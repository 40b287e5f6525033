const HOUR_MS = 60 * 60_000;

/** Which reminder: one day, or one hour, before the lesson starts (rules.md "Lessons"). */
export const LESSON_REMINDER_KINDS = ['day', 'hour'] as const;
export type LessonReminderKind = (typeof LESSON_REMINDER_KINDS)[number];

/** How long before the start each reminder goes out. */
export const LESSON_REMINDER_LEAD_MS: Record<LessonReminderKind, number> = {
  day: 24 * HOUR_MS,
  hour: HOUR_MS,
};

/** One reminder of a lesson: when it goes out, and when it is no longer worth sending. */
export type LessonReminderTime = {
  kind: LessonReminderKind;
  at: Date;
  /** The next reminder's time, or the start: a reminder a stopped worker missed until then is dropped. */
  until: Date;
};

/**
 * The reminders a lesson starting at `start` gets when it is booked (or moved there) at `now`: each
 * kind whose time is still ahead. A lesson booked 5 hours ahead gets the hour reminder only; one
 * booked 30 minutes ahead gets none.
 */
export function lessonRemindersAhead(start: Date, now: Date): LessonReminderTime[] {
  const before = (ms: number) => new Date(start.getTime() - ms);
  return [
    {
      kind: 'day' as const,
      at: before(LESSON_REMINDER_LEAD_MS.day),
      until: before(LESSON_REMINDER_LEAD_MS.hour),
    },
    { kind: 'hour' as const, at: before(LESSON_REMINDER_LEAD_MS.hour), until: start },
  ].filter((reminder) => reminder.at.getTime() > now.getTime());
}
