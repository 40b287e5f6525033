import { useAssignStudio } from '@hiwar/client';
import type { StudioTutor, User } from '@hiwar/domain';
import {
  adminInterviewsMessages,
  Button,
  Dialog,
  DialogContent,
  FormField,
  fieldControlClassName,
  messages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useState } from 'react';
import { displayName } from '../../../lib/labels.ts';

const text = adminInterviewsMessages.assign;

export interface AssignStudioDialogProps {
  /** The tutor to assign; `null` keeps the dialog closed. */
  tutor: StudioTutor | null;
  /** The Studio members to choose from. */
  studios: readonly User[];
  onClose: () => void;
}

/** Choose the Studio member a tutor is assigned to, or none (`PUT /api/v1/user/tutor/{id}/studio`). */
export function AssignStudioDialog({ tutor, studios, onClose }: AssignStudioDialogProps) {
  return (
    <Dialog open={tutor !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {tutor ? <AssignStudioForm key={tutor.id} tutor={tutor} studios={studios} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AssignStudioForm({
  tutor,
  studios,
  onClose,
}: {
  tutor: StudioTutor;
  studios: readonly User[];
  onClose: () => void;
}) {
  const assign = useAssignStudio();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [value, setValue] = useState(tutor.studio ? String(tutor.studio.id) : '');
  const name = tutor.name?.trim() || tutor.email;
  // The current studio stays choosable even when it is not on the members page (renamed role, etc.).
  const options =
    tutor.studio && !studios.some((studio) => studio.id === tutor.studio?.id)
      ? [{ id: tutor.studio.id, label: tutor.studio.name ?? tutor.email }]
      : [];
  const formId = `assign-studio-${tutor.id}`;

  return (
    <DialogContent
      title={text.title(name)}
      description={text.description}
      className="sm:max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" form={formId} loading={assign.isPending}>
            {text.save}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          const studioId = value === '' ? null : Number(value);
          assign.mutate(
            { tutorId: tutor.id, body: { studioId } },
            {
              onSuccess: () => {
                toast({
                  id: 'assign-studio',
                  type: 'success',
                  title: studioId ? text.saved : text.unassigned,
                });
                onClose();
              },
              onError: showError,
            },
          );
        }}
      >
        <FormField label={text.studio}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="">{text.none}</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
            {studios.map((studio) => (
              <option key={studio.id} value={studio.id}>
                {displayName(studio)}
              </option>
            ))}
          </select>
        </FormField>
      </form>
    </DialogContent>
  );
}
