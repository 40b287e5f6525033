import {
  LESSON_EVENTS,
  LESSON_NOTE_SAVED_EVENT,
  type LessonEvent,
  type LessonEventName,
  type LessonNote,
} from '@hiwar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import { applyLessonChange, lessonKeys } from './lessons.ts';

// A module of its own: the events' schema brings zod, which the screens reading lessons (their hooks in
// lessons.ts, the tutor profile's among them) do not load; only signed-in pages, which have a socket,
// listen (issue 26).

/**
 * Live lessons: on `lesson-booked`, `lesson-rescheduled` or `lesson-canceled` (sent to both members) the
 * lesson, the lesson lists, the weekly minutes and the availability (the tutor's schedule screen and
 * dashboard included) refetch. Mount once; `onEvent` is for a toast or similar.
 */
export function useLessonEvents(onEvent?: (name: LessonEventName, event: LessonEvent) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handlers = LESSON_EVENTS.map((name) => {
      const handle = checkedListener(
        (contract) => contract.LessonEventSchema,
        (event) => {
          applyLessonChange(queryClient, event.lesson);
          listener.current?.(name, event);
        },
      );
      socket.on(name, handle);
      return { name, handle };
    });
    return () => {
      for (const { name, handle } of handlers) {
        socket.off(name, handle);
      }
    };
  }, [socket, queryClient]);
}

/**
 * Live lesson notes (issue 27): on `lesson-note-saved` (sent to both members) the lesson's note query
 * holds the new text; `onNote` is for telling the student.
 */
export function useLessonNoteEvents(onNote?: (note: LessonNote) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onNote);
  useEffect(() => {
    listener.current = onNote;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.LessonNoteEventSchema,
      ({ note }) => {
        queryClient.setQueryData(lessonKeys.note(note.lessonId), note);
        listener.current?.(note);
      },
    );
    socket.on(LESSON_NOTE_SAVED_EVENT, handle);
    return () => {
      socket.off(LESSON_NOTE_SAVED_EVENT, handle);
    };
  }, [socket, queryClient]);
}
