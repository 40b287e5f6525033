import { checkedListener, useLessonEvents, useSession, useSocket, useTutorsCacheEvents } from '@hiwar/client';
import { LESSON_REMINDER_EVENT } from '@hiwar/domain';
import { formatDateTime, lessonsMessages, useToast } from '@hiwar/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

const text = lessonsMessages.reminder;

/**
 * The app's live data (mounted once, in the root layout): lesson events refresh the lessons, the weekly
 * minutes and the availability; the TutorsCache channel refreshes the tutors list and profiles; a
 * lesson reminder (a day or an hour before) shows a toast that leads to the lesson.
 */
export function useLiveRefresh(): void {
  useLessonEvents();
  useTutorsCacheEvents();
  useLessonReminderToasts();
}

function useLessonReminderToasts(): void {
  const { socket } = useSocket();
  const { user } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.LessonReminderEventSchema,
      ({ kind, lesson }) => {
        const other = lesson.tutor.id === user?.id ? lesson.student : lesson.tutor;
        toast({
          id: `lesson-reminder-${lesson.id}-${kind}`,
          type: 'info',
          title: kind === 'day' ? text.dayTitle : text.hourTitle,
          description: text.description(other.name ?? text.someone, formatDateTime(lesson.start)),
          actions: [
            { label: text.open, altText: text.openAlt, onClick: () => navigate(`/lesson/${lesson.id}`) },
          ],
        });
      },
    );
    socket.on(LESSON_REMINDER_EVENT, handle);
    return () => {
      socket.off(LESSON_REMINDER_EVENT, handle);
    };
  }, [socket, user?.id, toast, navigate]);
}
