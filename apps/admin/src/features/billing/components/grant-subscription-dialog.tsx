import { useGrantSubscription } from '@hiwar/client';
import { GrantSubscriptionRequestSchema, type Plan, type User } from '@hiwar/domain';
import {
  Alert,
  adminPaymentsMessages,
  Button,
  Dialog,
  DialogContent,
  FormField,
  messages,
  RadioCards,
  Select,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describeError } from '../../../components/describe-error.ts';
import { convertingResolver } from '../../../lib/form-resolver.ts';
import { displayName } from '../../../lib/labels.ts';
import { PERIODS_IN_ORDER, periodLabel } from '../../../lib/payments.ts';

const text = adminPaymentsMessages;
const grant = text.grant;

type GrantFormValues = { planId: string; period: string };
type GrantRequest = ReturnType<(typeof GrantSubscriptionRequestSchema)['parse']>;

function grantResolver(userId: number) {
  return convertingResolver<GrantFormValues, GrantRequest, GrantRequest>(
    zodResolver(GrantSubscriptionRequestSchema),
    (values) => ({
      userId,
      planId: values.planId === '' ? undefined : Number(values.planId),
      period: values.period === '' ? undefined : Number(values.period),
    }),
  );
}

/** The plan's name in the picker, with why a student could not buy it themselves. */
function planOptionLabel(plan: Plan): string {
  const notes = [
    text.quota.weekly(plan.weeklyMinutes),
    plan.active ? null : text.plans.inactive,
    plan.forInvitesOnly ? text.plans.inviteOnly : null,
  ].filter(Boolean);
  return `${plan.alias} (${notes.join('، ')})`;
}

export interface GrantSubscriptionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  student: User;
  plans: readonly Plan[];
}

/**
 * SuperAdmin: gives a student a plan for a period without payment (`POST /api/v1/sub`). The server
 * records it as a zero-amount paid transaction by this staff member; it starts now, or when the
 * student's current subscription ends.
 */
export function GrantSubscriptionDialog({
  open,
  onOpenChange,
  student,
  plans,
}: GrantSubscriptionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <GrantContent student={student} plans={plans} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function GrantContent({
  student,
  plans,
  onDone,
}: {
  student: User;
  plans: readonly Plan[];
  onDone: () => void;
}) {
  const formId = useId();
  const { toast } = useToast();
  const mutation = useGrantSubscription();
  const { control, handleSubmit } = useForm<GrantFormValues, unknown, GrantRequest>({
    resolver: grantResolver(student.id),
    defaultValues: {
      planId: plans.length === 1 ? String(plans[0]?.id) : '',
      period: String(PERIODS_IN_ORDER[0]),
    },
  });

  const submit = handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (subscription) => {
        const plan = plans.find((candidate) => candidate.id === subscription.planId);
        toast({
          id: 'subscription-granted',
          type: 'success',
          title: grant.done(
            plan?.alias ?? text.deletedPlan(subscription.planId),
            periodLabel(subscription.period),
          ),
        });
        onDone();
      },
    }),
  );

  return (
    <DialogContent
      title={grant.title}
      description={grant.description(displayName(student))}
      footer={
        <>
          <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" form={formId} loading={mutation.isPending} disabled={plans.length === 0}>
            {grant.submit}
          </Button>
        </>
      }
    >
      {mutation.isError ? <Alert tone="danger">{describeError(mutation.error)}</Alert> : null}
      {plans.length === 0 ? <Alert tone="warning">{grant.noPlans}</Alert> : null}
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Controller
          control={control}
          name="planId"
          render={({ field, fieldState }) => (
            <FormField label={grant.plan} error={fieldState.error?.message}>
              <Select
                ref={field.ref}
                options={plans.map((plan) => ({ value: String(plan.id), label: planOptionLabel(plan) }))}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                disabled={plans.length === 0}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="period"
          render={({ field, fieldState }) => (
            <RadioCards
              legend={grant.period}
              name={field.name}
              options={PERIODS_IN_ORDER.map((period) => ({
                value: String(period),
                label: periodLabel(period),
              }))}
              value={field.value}
              onValueChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <p className="text-sm text-muted-foreground">{grant.recorded}</p>
      </form>
    </DialogContent>
  );
}
