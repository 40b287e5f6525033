import type { TutorScheduleResponse } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { getTutorSchedule, type TutorScheduleParams } from '../endpoints/availability.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the availability API; everything under `['availability']`. */
export const availabilityKeys = {
  all: ['availability'] as const,
  schedule: (query: TutorScheduleParams) => ['availability', 'schedule', query] as const,
};

/** A tutor's windows and bookable starts in [from, to); pass `null` to wait. */
export function useTutorSchedule(query: TutorScheduleParams | null): UseQueryResult<TutorScheduleResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: availabilityKeys.schedule(query ?? { tutorId: 0, from: '', to: '' }),
    queryFn: ({ signal }) => getTutorSchedule(client, query as TutorScheduleParams, { signal }),
    enabled: query !== null,
  });
}
