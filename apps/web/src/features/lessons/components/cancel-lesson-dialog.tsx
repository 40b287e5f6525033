import { useCancelLesson } from '@hiwar/client';
import { cancellationOutcome, type Lesson, LessonCanceler, PLATFORM_SETTINGS_DEFAULTS } from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  messages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useState } from 'react';

const text = messages.lessons.lesson;
const FREE_CANCEL_HOURS = PLATFORM_SETTINGS_DEFAULTS.freeCancelHours;

/**
 * "Cancel lesson" with a confirmation; when `cancellationOutcome` says the student cancels too late to
 * get the minutes back, the dialog says so before they confirm.
 */
export function CancelLessonDialog({ lesson }: { lesson: Lesson }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelLesson();
  const { toast } = useToast();
  const showError = useErrorToast();
  // Read when the dialog opens, so the warning matches the moment of confirming.
  const [outcome, setOutcome] = useState(() =>
    cancellationOutcome(
      { start: new Date(lesson.start) },
      LessonCanceler.Student,
      new Date(),
      FREE_CANCEL_HOURS,
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setOutcome(
            cancellationOutcome(
              { start: new Date(lesson.start) },
              LessonCanceler.Student,
              new Date(),
              FREE_CANCEL_HOURS,
            ),
          );
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
        {outcome.minutesReturned ? null : <Alert tone="warning">{text.cancelLate(FREE_CANCEL_HOURS)}</Alert>}
      </DialogContent>
    </Dialog>
  );
}
