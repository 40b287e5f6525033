import { useLessonEvents, useTutorsCacheEvents } from '@hiwar/client';

/**
 * The app's live data (mounted once, in the root layout): lesson events refresh the lessons, the weekly
 * minutes and the availability; the TutorsCache channel refreshes the tutors list and profiles.
 */
export function useLiveRefresh(): void {
  useLessonEvents();
  useTutorsCacheEvents();
}
