import { useInterviewEvents, useSession } from '@hiwar/client';
import { INTERVIEW_BOOKED_EVENT, type Interview, InterviewStatus, type TutorOnboarding } from '@hiwar/domain';
import { formatDateTime, interviewsMessages, useToast } from '@hiwar/ui';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useUserTimeZone } from '../lib/time-zone.ts';

const text = interviewsMessages.events;

/**
 * The interview as this screen last knew it (lists and onboarding still hold the old copy while they
 * refetch after the event), to tell what changed.
 */
function knownCopy(queryClient: QueryClient, id: number): Interview | undefined {
  for (const [, data] of queryClient.getQueriesData<{ list?: Interview[] } | TutorOnboarding>({
    queryKey: ['interview'],
  })) {
    if (!data || typeof data !== 'object') {
      continue;
    }
    if ('list' in data && Array.isArray(data.list)) {
      // Other lists under the key (uncontacted tutors, interviewers) hold other things.
      const found = data.list.find((item) => item.id === id && 'interviewer' in item && 'start' in item);
      if (found) {
        return found;
      }
    }
    if ('interview' in data && data.interview.latest?.id === id) {
      return data.interview.latest;
    }
  }
  return undefined;
}

/**
 * Keeps interview screens live (`interview-booked`, `interview-updated` refetch the lists and the
 * onboarding) and tells the user what the other member did: the interviewer that a tutor booked or
 * moved an interview, either member that the other cancelled, the tutor that the outcome is recorded.
 */
export function useInterviewToasts(): void {
  const { user } = useSession();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const timeZone = useUserTimeZone();
  useInterviewEvents((name, interview) => {
    if (!user) {
      return;
    }
    const id = `interview:${interview.id}`;
    const when = formatDateTime(interview.start, { timeZone });
    const tutorName = interview.interviewee.name ?? text.someone;
    const isInterviewer = interview.interviewer.id === user.id;
    if (name === INTERVIEW_BOOKED_EVENT) {
      if (isInterviewer) {
        toast({ id, type: 'info', title: text.booked(tutorName), description: when });
      }
      return;
    }
    const before = knownCopy(queryClient, interview.id);
    if (interview.status === InterviewStatus.Canceled) {
      if (before?.status !== InterviewStatus.Canceled && interview.canceledBy?.id !== user.id) {
        toast({ id, type: 'warning', title: text.canceled, description: when });
      }
      return;
    }
    if (!before) {
      return;
    }
    if (isInterviewer && before.start !== interview.start) {
      toast({ id, type: 'info', title: text.rescheduled(tutorName), description: when });
      return;
    }
    if (
      !isInterviewer &&
      before.status === InterviewStatus.Pending &&
      interview.status !== InterviewStatus.Pending
    ) {
      toast({ id, type: 'success', title: text.decided });
    }
  });
}
