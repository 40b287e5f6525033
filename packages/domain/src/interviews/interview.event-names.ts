/**
 * The interview events' names: plain values without zod, so that a screen that only listens for these
 * events loads no schema (issue 26). The payloads' schemas are beside the others.
 */

/** Socket events about interviews, to both members (the note only to staff). */
export const INTERVIEW_BOOKED_EVENT = 'interview-booked';
export const INTERVIEW_UPDATED_EVENT = 'interview-updated';
