import { Dialog } from '@hiwar/ui';
import { BookingWizard, type BookingWizardProps } from './booking-wizard.tsx';

/**
 * "Book a lesson" on a tutor's profile: the booking wizard in its dialog. A module of its own that the
 * profile loads for a signed-in student only (issue 26): the profile is a page visitors land on, and the
 * dialog machinery (focus trap, scroll lock) was a tenth of what it downloaded for a button they cannot
 * press before signing in.
 */
export function BookingDialog({
  tutor,
  open,
  onOpenChange,
  trial,
  initialStart,
}: {
  tutor: BookingWizardProps['tutor'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The student's trial lesson instead of a lesson paid from their minutes. */
  trial?: BookingWizardProps['trial'];
  /** A start picked among the profile's free times: the wizard opens at it (issue 27). */
  initialStart?: string | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <BookingWizard tutor={tutor} trial={trial} initialStart={initialStart} /> : null}
    </Dialog>
  );
}
