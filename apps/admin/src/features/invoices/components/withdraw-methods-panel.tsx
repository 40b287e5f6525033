import { useUpdateWithdrawMethod, useWithdrawMethods } from '@hiwar/client';
import {
  type UpdateWithdrawMethodRequest,
  UpdateWithdrawMethodRequestSchema,
  type WithdrawMethod,
} from '@hiwar/domain';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  FormField,
  formatMoney,
  invoicesMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Badge } from '../../../components/badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Switch } from '../../../components/switch.tsx';
import { UnitInput } from '../../../components/unit-input.tsx';
import { convertingResolver } from '../../../lib/form-resolver.ts';
import { piastersToPoundsText, poundsToPiasters } from '../../../lib/payments.ts';

const text = invoicesMessages;

/** A method's limits as typed (pounds) and its flag. */
type MethodFormValues = { min: string; max: string; enabled: boolean };
type MethodRequest = { min: number; max: number; enabled: boolean };

const resolver = convertingResolver<MethodFormValues, Record<string, unknown>, MethodRequest>(
  zodResolver(UpdateWithdrawMethodRequestSchema) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    MethodRequest
  >,
  (values) => ({
    min: poundsToPiasters(values.min),
    max: poundsToPiasters(values.max),
    enabled: values.enabled,
  }),
);

const valuesOf = (method: WithdrawMethod): MethodFormValues => ({
  min: piastersToPoundsText(method.min),
  max: piastersToPoundsText(method.max),
  enabled: method.enabled,
});

/** One method's card: minimum and maximum in pounds, the enabled switch, saved together. */
function MethodCard({ method }: { method: WithdrawMethod }) {
  const id = useId();
  const name = text.method[method.type];
  const save = useUpdateWithdrawMethod();
  const { toast } = useToast();
  const showError = useErrorToast();
  const form = useForm<MethodFormValues, unknown, MethodRequest>({
    resolver,
    mode: 'onChange',
    values: valuesOf(method),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((request) => {
    // Only what changed; the server checks min ≤ max again on the merged method.
    const body: UpdateWithdrawMethodRequest = {
      ...(request.min !== method.min ? { min: request.min } : {}),
      ...(request.max !== method.max ? { max: request.max } : {}),
      ...(request.enabled !== method.enabled ? { enabled: request.enabled } : {}),
    };
    if (Object.keys(body).length === 0) {
      toast({ id: `method-${method.id}`, type: 'info', title: text.methods.noChanges });
      return;
    }
    save.mutate(
      { id: method.id, body },
      {
        onSuccess: () =>
          toast({ id: `method-${method.id}`, type: 'success', title: text.methods.saved(name) }),
        onError: (error) => {
          const code = (error as { code?: unknown }).code;
          if (code === 'withdraw-min-above-max' || code === 'withdraw-amount-zero-or-negative') {
            form.setError('min', { type: 'server', message: code }, { shouldFocus: true });
          } else {
            showError(error);
          }
        },
      },
    );
  });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" id={`${id}-title`} className="text-base">
            {name}
          </CardTitle>
          <Badge tone={method.enabled ? 'success' : 'neutral'}>
            {method.enabled ? text.methods.enabled : text.methods.disabled}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField
            label={text.methods.min}
            hint={text.methods.current(formatMoney(method.min))}
            error={errors.min?.message}
          >
            <UnitInput unit={text.poundsUnit} dir="ltr" className="text-end" {...form.register('min')} />
          </FormField>
          <FormField
            label={text.methods.max}
            hint={text.methods.current(formatMoney(method.max))}
            error={errors.max?.message}
          >
            <UnitInput unit={text.poundsUnit} dir="ltr" className="text-end" {...form.register('max')} />
          </FormField>
          <div className="flex items-center justify-between gap-3">
            <span id={`${id}-enabled`} className="text-sm font-semibold text-foreground">
              {text.methods.enabled}
            </span>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  aria-labelledby={`${id}-enabled ${id}-title`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" size="sm" loading={save.isPending} aria-label={text.methods.saveOf(name)}>
              {text.methods.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * The withdraw methods (`GET /api/v1/withdraw-method/list`, all of them for staff): each one's minimum
 * and maximum in pounds and whether tutors may use it (`PUT /api/v1/withdraw-method/{id}`), checked by
 * the domain's schema as typed (positive limits, minimum not above maximum).
 */
export function WithdrawMethodsPanel() {
  const methods = useWithdrawMethods();
  if (methods.isLoading) {
    return <Skeleton className="h-64 w-full rounded-2xl" />;
  }
  if (methods.isError) {
    return (
      <ErrorState
        title={text.methods.loadFailed}
        error={methods.error}
        onRetry={() => void methods.refetch()}
      />
    );
  }
  const list = methods.data?.list ?? [];
  if (list.length === 0) {
    return <EmptyState icon={<Landmark />} title={text.methods.empty} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{text.methods.description}</p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {list.map((method) => (
          <MethodCard key={method.id} method={method} />
        ))}
      </div>
    </div>
  );
}
