import { useCancelLesson, usePublicPlatformSettings } from '@hiwar/client';
import { cancellationOutcome, type Lesson, LessonCanceler } from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  lessonsMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useState } from 'react';

const text = lessonsMessages.lesson;

export interface CancelLessonDialogProps {
  lesson: Lesson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The confirmation of "cancel lesson" (the lesson card's button opens it; this chunk loads on demand);
 * when `cancellationOutcome` says the student cancels too late to get the minutes back, the dialog
 * says so before they confirm.
 */
export function CancelLessonDialog({ lesson, open, onOpenChange: setOpen }: CancelLessonDialogProps) {
  const cancel = useCancelLesson();
  const { toast } = useToast();
  const showError = useErrorToast();
  // The setting in force, followed live when staff change it (rules.md `freeCancelHours`).
  const { freeCancelHours } = usePublicPlatformSettings();
  // The time is read when the dialog opens, so the warning matches the moment of confirming.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOpenedAt(new Date());
    }
  }
  const outcome = cancellationOutcome(
    { start: new Date(lesson.start) },
    LessonCanceler.Student,
    openedAt,
    freeCancelHours,
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title={text.cancelTitle}
        description={outcome.minutesReturned ? text.cancelText : undefined}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{text.keep}</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                // The promise, not mutate's callbacks: the cancelled lesson leaves the list it was shown
                // in, and when the lists refetch first (the `lesson-canceled` event can arrive before the
                // answer) its card unmounts with this dialog, and mutate's callbacks would never run.
                cancel.mutateAsync(lesson.id).then((canceled) => {
                  setOpen(false);
                  toast({
                    type: 'success',
                    title: canceled.minutesReturned === false ? text.canceledSpent : text.canceled,
                  });
                }, showError)
              }
            >
              {text.confirmCancel}
            </Button>
          </>
        }
      >
        {outcome.minutesReturned ? null : <Alert tone="warning">{text.cancelLate(freeCancelHours)}</Alert>}
      </DialogContent>
    </Dialog>
  );
}
