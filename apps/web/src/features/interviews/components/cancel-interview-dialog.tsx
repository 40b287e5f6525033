import { useUpdateInterview } from '@hiwar/client';
import { addZonedMonths, BOUNDS, type Interview, InterviewStatus } from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  formatDate,
  interviewsMessages,
  useToast,
} from '@hiwar/ui';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { useUserTimeZone } from '../lib/time-zone.ts';
import { InterviewError } from './interview-error.tsx';

const text = interviewsMessages.cancel;

/**
 * "Cancel the interview" with a confirmation. The tutor is warned that cancelling means waiting six
 * months before booking again (rules.md "Interviews"); the interviewer that the tutor may book again.
 */
export function CancelInterviewDialog({
  interview,
  by,
}: {
  interview: Interview;
  /** Who cancels: the interviewee (tutor) or the interviewer (TutorManager). */
  by: 'tutor' | 'manager';
}) {
  const [open, setOpen] = useState(false);
  const cancel = useUpdateInterview();
  const { toast } = useToast();
  const timeZone = useUserTimeZone();
  const retakeAt = addZonedMonths(new Date(), BOUNDS.interviewRetakeMonths);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        cancel.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-danger hover:bg-danger-soft hover:text-danger">
          <CalendarX aria-hidden />
          {text.action}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={text.title}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{text.keep}</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                // The promise, not mutate's callbacks: the server tells this tab (`interview-updated`)
                // before it answers, the card then drops this dialog (the interview is no longer
                // changeable), and mutate's callbacks never run once it has unmounted. A refusal is
                // shown in the dialog from the mutation's state.
                cancel.mutateAsync({ id: interview.id, body: { status: InterviewStatus.Canceled } }).then(
                  () => {
                    setOpen(false);
                    toast({ type: 'success', title: text.done });
                  },
                  () => {},
                )
              }
            >
              {text.confirm}
            </Button>
          </>
        }
      >
        {by === 'tutor' ? (
          <Alert tone="warning">
            {text.tutorWarning(formatDate(retakeAt, { dateStyle: 'long', timeZone }))}
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">{text.managerText}</p>
        )}
        {cancel.isError ? <InterviewError error={cancel.error} /> : null}
      </DialogContent>
    </Dialog>
  );
}
