/**
 * React Query key of every tutor's free times (`['tutor', 'free-times', id]`), apart from the hook so
 * that what invalidates them (the TutorsCache listener) does not bring the hook along.
 */
export const TUTOR_FREE_TIMES_KEY = ['tutor', 'free-times'] as const;
