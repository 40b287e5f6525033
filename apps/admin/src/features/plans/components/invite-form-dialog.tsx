import { isApiError, useCreateInvite } from '@hiwar/client';
import { CreateInviteRequestSchema, type Plan } from '@hiwar/domain';
import {
  Alert,
  adminPaymentsMessages,
  DialogContent,
  FormField,
  Input,
  Select,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { convertingResolver } from '../../../lib/form-resolver.ts';
import { FormDialogFooter, ResourceFormDialog } from './resource-form-dialog.tsx';

const text = adminPaymentsMessages.inviteForm;

type InviteFormValues = { email: string; planId: string };
type InviteRequest = ReturnType<(typeof CreateInviteRequestSchema)['parse']>;

const resolver = convertingResolver<InviteFormValues, InviteRequest, InviteRequest>(
  zodResolver(CreateInviteRequestSchema),
  (values) => ({ email: values.email, planId: values.planId === '' ? undefined : Number(values.planId) }),
);

export interface InviteFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every plan; only invite-only ones are offered. */
  plans: readonly Plan[];
}

/** Invites an e-mail address to an invite-only plan (SuperAdmin). */
export function InviteFormDialog({ open, onOpenChange, plans }: InviteFormDialogProps) {
  return (
    <ResourceFormDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <InviteFormContent plans={plans} onDone={close} />}
    </ResourceFormDialog>
  );
}

function InviteFormContent({ plans, onDone }: { plans: readonly Plan[]; onDone: () => void }) {
  const formId = useId();
  const { toast } = useToast();
  const showError = useErrorToast();
  const create = useCreateInvite();
  const choices = plans.filter((plan) => plan.forInvitesOnly);
  const { control, register, handleSubmit, formState, setError } = useForm<
    InviteFormValues,
    unknown,
    InviteRequest
  >({
    resolver,
    defaultValues: { email: '', planId: choices.length === 1 ? String(choices[0]?.id) : '' },
  });

  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (invite) => {
        toast({ id: 'invite-created', type: 'success', title: text.created(invite.email) });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && (error.code === 'invite-exists' || error.code === 'invalid-email')) {
          setError('email', { message: error.code }, { shouldFocus: true });
          return;
        }
        if (isApiError(error) && error.code === 'plan-not-found') {
          setError('planId', { message: error.code }, { shouldFocus: true });
          return;
        }
        showError(error);
      },
    }),
  );

  return (
    <DialogContent
      title={text.title}
      description={text.description}
      footer={
        <FormDialogFooter
          formId={formId}
          submitLabel={text.submit}
          isPending={create.isPending}
          onCancel={onDone}
          disabled={choices.length === 0}
        />
      }
    >
      {choices.length === 0 ? <Alert tone="warning">{text.noPlans}</Alert> : null}
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={text.email} error={formState.errors.email?.message}>
          <Input
            type="email"
            dir="ltr"
            className="text-end"
            autoComplete="off"
            spellCheck={false}
            {...register('email')}
          />
        </FormField>
        <Controller
          control={control}
          name="planId"
          render={({ field, fieldState }) => (
            <FormField label={text.plan} hint={text.planHint} error={fieldState.error?.message}>
              <Select
                ref={field.ref}
                options={choices.map((plan) => ({ value: String(plan.id), label: plan.alias }))}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                disabled={choices.length === 0}
              />
            </FormField>
          )}
        />
      </form>
    </DialogContent>
  );
}
