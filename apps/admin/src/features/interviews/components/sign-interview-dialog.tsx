import { useUpdateInterview } from '@hiwar/client';
import type { Interview } from '@hiwar/domain';
import { adminInterviewsMessages, useErrorToast, useToast } from '@hiwar/ui';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { memberName } from './interview-badges.tsx';

const text = adminInterviewsMessages.sign;

export interface SignInterviewDialogProps {
  /** The interview to sign; `null` keeps the dialog closed. */
  interview: Interview | null;
  onClose: () => void;
}

/**
 * The SuperAdmin's confirmation before signing a passed interview: it says signing cannot be undone,
 * then sends `PUT /api/v1/interview/{id}` `{ signed: true }`. A refusal (`interview-already-signed`,
 * `interview-not-passed`) shows in Arabic.
 */
export function SignInterviewDialog({ interview, onClose }: SignInterviewDialogProps) {
  const update = useUpdateInterview();
  const { toast } = useToast();
  const showError = useErrorToast();
  return (
    <ConfirmDialog
      open={interview !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text.title}
      description={interview ? text.body(memberName(interview.interviewee)) : ''}
      confirmLabel={text.confirm}
      isPending={update.isPending}
      onConfirm={() =>
        interview &&
        update.mutate(
          { id: interview.id, body: { signed: true } },
          {
            onSuccess: () => {
              onClose();
              toast({ id: 'interview-sign', type: 'success', title: text.done });
            },
            onError: (error) => {
              onClose();
              showError(error);
            },
          },
        )
      }
    />
  );
}
