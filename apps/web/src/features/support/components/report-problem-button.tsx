import { Button, type ButtonProps, supportMessages } from '@hiwar/ui';
import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

/** A "report a problem" button that opens the dialog (settings pages, my reports). */
export function ReportProblemButton({
  label = supportMessages.report.action,
  lesson = null,
  ...props
}: Omit<ButtonProps, 'onClick'> & { label?: string; lesson?: { id: number; start: string } | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)}>
        <LifeBuoy aria-hidden="true" />
        {label}
      </Button>
      <ReportProblemDialog open={open} onOpenChange={setOpen} lesson={lesson} />
    </>
  );
}
