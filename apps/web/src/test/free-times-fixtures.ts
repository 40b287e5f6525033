import { freeTimesSpan, groupFreeTimes, type TutorFreeTimes } from '@hiwar/domain';

/**
 * A tutor's free times as `GET /user/tutor/free-times/{id}` answers them: `starts` grouped by Cairo
 * day, over the seven days from now.
 */
export function makeFreeTimes(
  starts: readonly Date[],
  overrides: Partial<TutorFreeTimes> = {},
): TutorFreeTimes {
  const sorted = [...starts].sort((a, b) => a.getTime() - b.getTime());
  return {
    tutorId: 3,
    until: freeTimesSpan(new Date()).end.toISOString(),
    days: groupFreeTimes(sorted),
    ...overrides,
  };
}
