import type { Interview } from '@hiwar/domain';
import { Button, Dialog, DialogContent, DialogTrigger, interviewsMessages } from '@hiwar/ui';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { InterviewSlotPicker } from './interview-slot-picker.tsx';

const text = interviewsMessages.booking;

/** "Change the time": the booking picker in a dialog, moving the interview to another free time. */
export function RescheduleInterviewDialog({ interview }: { interview: Interview }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <CalendarClock aria-hidden />
          {text.reschedule}
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent
          title={text.rescheduleTitle}
          description={text.rescheduleDescription(
            interview.interviewer.name ?? interviewsMessages.card.unnamedInterviewer,
          )}
        >
          <InterviewSlotPicker mode="reschedule" interview={interview} onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
