/**
 * The tutors cache event's name: plain values without zod, so that a screen that only listens for these
 * events loads no schema (issue 26). The payloads' schemas are beside the others.
 */

/** The socket room and event telling clients the tutors list changed: refetch it. */
export const TUTORS_CACHE_EVENT = 'TutorsCache';
