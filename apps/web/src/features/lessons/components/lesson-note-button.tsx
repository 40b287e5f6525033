import { type Lesson, lessonEnd, lessonNoteDeadline, toLessonFacts } from '@hiwar/domain';
import { Button, lessonsMessages, preloadOnIntent, useOpenedOnce } from '@hiwar/ui';
import { NotebookPen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const text = lessonsMessages.lesson;

// The dialog is on a chunk of its own, fetched when first opened (or when a pointer or the keyboard
// reaches the button): the homes list many lessons and open few notes.
const loadNote = () => import('./lesson-note-dialog.tsx');
const LessonNoteDialog = lazy(async () => ({ default: (await loadNote()).LessonNoteDialog }));

/**
 * A fulfilled lesson's summary and homework (issue 27): the student reads it; the tutor writes or
 * edits it until 48 hours after the lesson's end, then reads it.
 */
export function LessonNoteButton({ lesson, as }: { lesson: Lesson; as: 'student' | 'tutor' }) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const writable =
    as === 'tutor' && Date.now() <= lessonNoteDeadline(lessonEnd(toLessonFacts(lesson))).getTime();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} {...preloadOnIntent(loadNote)}>
        <NotebookPen aria-hidden />
        {writable ? text.noteWrite : text.noteShow}
      </Button>
      <Suspense fallback={null}>
        {mounted ? (
          <LessonNoteDialog
            lesson={lesson}
            mode={writable ? 'write' : 'read'}
            open={open}
            onOpenChange={setOpen}
          />
        ) : null}
      </Suspense>
    </>
  );
}
