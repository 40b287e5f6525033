/**
 * The lesson events' names: plain values without zod, so that a screen that only listens for these events
 * loads no schema (issue 26). The payloads' schemas are beside the others.
 */

/**
 * Socket events about a lesson, sent to both members' rooms (spec §7: server-to-client events for
 * lessons): booked, moved, cancelled. Each carries the lesson as the API returns it.
 */
export const LESSON_BOOKED_EVENT = 'lesson-booked';
export const LESSON_RESCHEDULED_EVENT = 'lesson-rescheduled';
export const LESSON_CANCELED_EVENT = 'lesson-canceled';
export const LESSON_EVENTS = [LESSON_BOOKED_EVENT, LESSON_RESCHEDULED_EVENT, LESSON_CANCELED_EVENT] as const;
export type LessonEventName = (typeof LESSON_EVENTS)[number];

/**
 * The in-app lesson reminder (rules.md "Lessons"): sent to one member a day (`day`) and an hour
 * (`hour`) before their lesson, with the lesson as the API returns it. The same reminder goes by
 * e-mail and by the member's messaging app.
 */
export const LESSON_REMINDER_EVENT = 'lesson-reminder';

/**
 * The tutor wrote or changed a lesson's summary and homework (issue 27): sent to both members, with the
 * note as `GET /lesson/{id}/note` returns it.
 */
export const LESSON_NOTE_SAVED_EVENT = 'lesson-note-saved';
