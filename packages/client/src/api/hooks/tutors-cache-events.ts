import { TUTORS_CACHE_EVENT } from '@hiwar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import { TUTOR_FREE_TIMES_KEY } from './tutor-free-times-key.ts';
import { tutorKeys } from './tutors.ts';

// A module of its own: the event's schema brings zod, which the public directory and profile (their
// hooks in tutors.ts) do not load; only signed-in pages, which have a socket, listen (issue 26).

/**
 * The TutorsCache channel: the server announces that the tutors list changed (a rating, a lesson, a
 * schedule or a profile), and the lists and profiles refetch. Mount once.
 */
export function useTutorsCacheEvents(): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.TutorsCacheEventSchema,
      () => {
        void queryClient.invalidateQueries({ queryKey: tutorKeys.lists });
        void queryClient.invalidateQueries({ queryKey: ['tutor', 'info'] });
        void queryClient.invalidateQueries({ queryKey: TUTOR_FREE_TIMES_KEY });
      },
    );
    socket.on(TUTORS_CACHE_EVENT, handle);
    return () => {
      socket.off(TUTORS_CACHE_EVENT, handle);
    };
  }, [socket, queryClient]);
}
