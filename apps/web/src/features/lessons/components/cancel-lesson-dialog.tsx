import { useCancelLesson, usePublicPlatformSettings } from '@hiwar/client';
import { cancellationOutcome, type Lesson, LessonCanceler } from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  lessonsMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useState } from 'react';

const text = lessonsMessages.lesson;

/**
 * "Cancel lesson" with a confirmation; when `cancellationOutcome` says the student cancels too late to
 * get the minutes back, the dialog says so before they confirm.
 */
export function CancelLessonDialog({ lesson }: { lesson: Lesson }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelLesson();
  const { toast } = useToast();
  const showError = useErrorToast();
  // The setting in force, followed live when staff change it (rules.md `freeCancelHours`).
  const { freeCancelHours } = usePublicPlatformSettings();
  // The time is read when the dialog opens, so the warning matches the moment of confirming.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const outcome = cancellationOutcome(
    { start: new Date(lesson.start) },
    LessonCanceler.Student,
    openedAt,
    freeCancelHours,
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setOpenedAt(new Date());
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-danger hover:bg-danger-soft hover:text-danger">
          {text.cancel}
        </Button>
      </DialogTrigger>
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
                cancel.mutate(lesson.id, {
                  onSuccess: (canceled) => {
                    setOpen(false);
                    toast({
                      type: 'success',
                      title: canceled.minutesReturned === false ? text.canceledSpent : text.canceled,
                    });
                  },
                  onError: showError,
                })
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
