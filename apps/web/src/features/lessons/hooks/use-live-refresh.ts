import {
  checkedListener,
  useLessonEvents,
  useLessonNoteEvents,
  useSession,
  useSocket,
  useTutorsCacheEvents,
} from '@hiwar/client';
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
  useLessonNoteToasts();
}

/** The student is told when their tutor wrote (or changed) a lesson's summary and homework (issue 27). */
function useLessonNoteToasts(): void {
  const { user } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  useLessonNoteEvents((note) => {
    if (note.author.id === user?.id) {
      return;
    }
    toast({
      id: `lesson-note-${note.lessonId}`,
      type: 'info',
      title: text.noteTitle,
      description: text.noteText(note.author.name ?? lessonsMessages.lesson.unnamedTutor),
      actions: [{ label: text.open, altText: text.openAlt, onClick: () => navigate('/s/dashboard') }],
    });
  });
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
