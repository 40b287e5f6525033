import { isApiError, useTutorInfo } from '@hiwar/client';
import type { Lesson, LessonDuration } from '@hiwar/domain';
import {
  Alert,
  Button,
  bookingWizardMessages,
  Dialog,
  DialogContent,
  lessonsMessages,
  messages,
  Skeleton,
} from '@hiwar/ui';
import type { ReactNode } from 'react';
import { BookingWizard, type BookingWizardProps } from './booking-wizard.tsx';

const text = bookingWizardMessages;

export type LessonWizardMode = 'reschedule' | 'rebook';

/**
 * The booking wizard opened from a lesson: `reschedule` moves that pending lesson, `rebook` books a new
 * one with the same tutor and length (rules.md "Lessons"). The tutor's profile is loaded first for the
 * notice and whether they still take bookings.
 */
export function LessonWizardDialog({
  lesson,
  mode,
  open,
  onOpenChange,
}: {
  lesson: Lesson;
  mode: LessonWizardMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <WizardForLesson lesson={lesson} mode={mode} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function WizardForLesson({
  lesson,
  mode,
  onClose,
}: {
  lesson: Lesson;
  mode: LessonWizardMode;
  onClose: () => void;
}) {
  const name = lesson.tutor.name ?? lessonsMessages.lesson.unnamedTutor;
  return (
    <WizardForTutor
      tutorId={lesson.tutor.id}
      name={name}
      title={mode === 'reschedule' ? text.rescheduleTitle(name) : text.title(name)}
    >
      {(tutor) =>
        mode === 'reschedule' ? (
          <BookingWizard tutor={tutor} reschedule={lesson} onDone={onClose} />
        ) : (
          <BookingWizard tutor={tutor} preferredDuration={lesson.duration as LessonDuration} />
        )
      }
    </WizardForTutor>
  );
}

/**
 * "Book again" from the student's tutors (issue 27): the booking wizard for a tutor, as a rebook from a
 * lesson opens it, without an earlier lesson's length to prefer.
 */
export function TutorBookingDialog({
  tutor,
  open,
  onOpenChange,
}: {
  tutor: { id: number; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <WizardForTutor tutorId={tutor.id} name={tutor.name} title={text.title(tutor.name)}>
          {(bookable) => <BookingWizard tutor={bookable} />}
        </WizardForTutor>
      ) : null}
    </Dialog>
  );
}

/**
 * Loads the tutor's profile for the wizard (their notice, and whether they still take bookings), with
 * the dialog's waiting, unavailable and failed states, then renders the wizard `children` make of it.
 */
function WizardForTutor({
  tutorId,
  name,
  title,
  children,
}: {
  tutorId: number;
  name: string;
  title: string;
  children: (tutor: BookingWizardProps['tutor']) => ReactNode;
}) {
  const info = useTutorInfo(tutorId);

  if (info.isPending) {
    return (
      <DialogContent title={title}>
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </DialogContent>
    );
  }
  const gone = info.isError && isApiError(info.error) && info.error.status === 404;
  if (gone || (info.data && !info.data.listed)) {
    return (
      <DialogContent title={title}>
        <Alert tone="info">{text.tutorUnavailable}</Alert>
      </DialogContent>
    );
  }
  if (info.isError || !info.data) {
    return (
      <DialogContent title={title}>
        <Alert
          tone="danger"
          title={text.loadFailed}
          action={
            <Button size="sm" variant="secondary" onClick={() => void info.refetch()}>
              {messages.common.retry}
            </Button>
          }
        />
      </DialogContent>
    );
  }
  return children({ id: info.data.id, name, role: info.data.role, notice: info.data.notice });
}
