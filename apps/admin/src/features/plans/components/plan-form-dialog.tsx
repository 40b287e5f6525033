import { isApiError, useCreatePlan, useUpdatePlan } from '@hiwar/client';
import {
  PLAN_MIN_PERIOD_PRICE_PIASTERS,
  PLAN_PERIOD_FIELDS,
  PLAN_PERIOD_MONTHS,
  type Plan,
} from '@hiwar/domain';
import {
  Alert,
  adminPaymentsMessages,
  cn,
  DialogContent,
  errorMessage,
  FormField,
  formatMoney,
  Input,
  invalidValueMessage,
  useErrorToast,
} from '@hiwar/ui';
import { type ReactNode, useId } from 'react';
import { Controller, type FieldError, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Badge } from '../../../components/badge.tsx';
import { Switch } from '../../../components/switch.tsx';
import { UnitInput } from '../../../components/unit-input.tsx';
import { monthlyHours, PERIODS_IN_ORDER, parseTypedNumber, periodLabel } from '../../../lib/payments.ts';
import { useSaveResource } from '../hooks/use-save-resource.ts';
import {
  EMPTY_PLAN_FORM,
  type PlanFormValues,
  type PlanRequest,
  planChanges,
  planFormResolver,
  planToFormValues,
  previewPeriod,
} from '../lib/plan-form.ts';
import { FormDialogFooter, ResourceFormDialog } from './resource-form-dialog.tsx';

const text = adminPaymentsMessages;
const form = text.planForm;

type PlanForm = UseFormReturn<PlanFormValues, unknown, PlanRequest>;

/** The field errors of one period row, in Arabic, under the row (ids for `aria-describedby`). */
function RowErrors({ errors }: { errors: { id: string; error: FieldError | undefined }[] }) {
  const shown = errors.filter((entry) => entry.error?.message);
  if (shown.length === 0) {
    return null;
  }
  return (
    <div className="flex flex-col gap-0.5 sm:col-span-4">
      {shown.map((entry) => (
        <p key={entry.id} id={entry.id} className="text-sm font-medium text-danger">
          {errorMessage(entry.error?.message ?? '', invalidValueMessage)}
        </p>
      ))}
    </div>
  );
}

/** The live "student pays" cell: the domain's price for the period, and its monthly equivalent. */
function PreviewCell({
  values,
  period,
}: {
  values: Partial<PlanFormValues>;
  period: (typeof PERIODS_IN_ORDER)[number];
}) {
  const preview = previewPeriod(values, period);
  if (preview.kind === 'empty') {
    return <span className="text-muted-foreground">—</span>;
  }
  const months = PLAN_PERIOD_MONTHS[period];
  const tooLow = preview.piasters < PLAN_MIN_PERIOD_PRICE_PIASTERS;
  return (
    <span className="flex flex-col">
      <span className={cn('font-bold tabular-nums', tooLow ? 'text-danger' : 'text-foreground')}>
        {tooLow ? form.belowMinimum : formatMoney(preview.piasters)}
      </span>
      {months > 1 && !tooLow ? (
        <span className="text-xs text-muted-foreground tabular-nums">
          {text.perMonth(formatMoney(Math.floor(preview.piasters / months)))}
        </span>
      ) : null}
    </span>
  );
}

function PricingRows({
  control,
  register,
  errors,
  ids,
}: {
  control: PlanForm['control'];
  register: PlanForm['register'];
  errors: PlanForm['formState']['errors'];
  ids: string;
}) {
  const values = useWatch({ control });
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold text-foreground">{form.pricing}</legend>
      <p className="text-xs text-muted-foreground">{form.pricingHint}</p>
      <div className="overflow-hidden rounded-xl border border-border">
        <div
          aria-hidden="true"
          className="hidden grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)_8.5rem] gap-3 border-b border-border bg-surface-muted/60 px-3 py-2 text-xs font-semibold text-muted-foreground sm:grid"
        >
          <span>{form.period}</span>
          <span>{form.fullPrice}</span>
          <span>{form.discount}</span>
          <span>{form.studentPays}</span>
        </div>
        <div className="divide-y divide-border">
          {PERIODS_IN_ORDER.map((period) => {
            const fields = PLAN_PERIOD_FIELDS[period];
            const label = periodLabel(period);
            const priceId = `${ids}-${fields.price}`;
            const discountId = `${ids}-${fields.discount}`;
            const priceError = errors[fields.price];
            const discountError = errors[fields.discount];
            return (
              <div
                key={period}
                className="grid grid-cols-2 items-center gap-x-3 gap-y-2 px-3 py-3 sm:grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)_8.5rem]"
              >
                <span className="col-span-2 text-sm font-semibold sm:col-span-1">{label}</span>
                <div>
                  <label htmlFor={priceId} className="sr-only">
                    {form.priceLabel(label)}
                  </label>
                  <UnitInput
                    id={priceId}
                    unit={text.currency}
                    aria-invalid={priceError ? true : undefined}
                    aria-describedby={priceError ? `${priceId}-error` : undefined}
                    {...register(fields.price)}
                  />
                </div>
                <div>
                  <label htmlFor={discountId} className="sr-only">
                    {form.discountLabel(label)}
                  </label>
                  <UnitInput
                    id={discountId}
                    unit={text.percentSign}
                    aria-invalid={discountError ? true : undefined}
                    aria-describedby={discountError ? `${discountId}-error` : undefined}
                    {...register(fields.discount)}
                  />
                </div>
                <div className="col-span-2 flex items-baseline justify-between gap-2 sm:col-span-1 sm:block">
                  <span className="text-xs text-muted-foreground sm:hidden">{form.studentPays}</span>
                  <output htmlFor={`${priceId} ${discountId}`} aria-label={`${form.studentPays}، ${label}`}>
                    <PreviewCell values={values} period={period} />
                  </output>
                </div>
                <RowErrors
                  errors={[
                    { id: `${priceId}-error`, error: priceError },
                    { id: `${discountId}-error`, error: discountError },
                  ]}
                />
              </div>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}

function SwitchRow({
  id,
  label,
  hint,
  control,
}: {
  id: string;
  label: string;
  hint: string;
  control: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p id={id} className="text-sm font-semibold">
          {label}
        </p>
        <p id={`${id}-hint`} className="mt-0.5 text-xs leading-5 text-muted-foreground">
          {hint}
        </p>
      </div>
      {control}
    </div>
  );
}

function WeeklyMinutesHint({ control }: { control: PlanForm['control'] }) {
  const raw = useWatch({ control, name: 'weeklyMinutes' });
  const minutes = parseTypedNumber(raw ?? '');
  const valid = minutes !== undefined && Number.isInteger(minutes) && minutes > 0 && minutes % 15 === 0;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span>{form.weeklyMinutesHint}</span>
      {valid ? (
        <Badge tone="brand" title={text.quota.monthlyBasis}>
          {text.quota.monthly(monthlyHours(minutes))}
        </Badge>
      ) : null}
    </span>
  );
}

export interface PlanFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan to edit; `null` creates one. */
  plan: Plan | null;
}

/**
 * Create or edit a plan (SuperAdmin): pounds and percentages as typed, converted to piasters and basis
 * points and checked by the domain's plan schema; a live preview shows what a student pays for each
 * period. An edit sends only the fields that changed.
 */
export function PlanFormDialog({ open, onOpenChange, plan }: PlanFormDialogProps) {
  return (
    <ResourceFormDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <PlanFormContent plan={plan} onDone={close} />}
    </ResourceFormDialog>
  );
}

function PlanFormContent({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const ids = useId();
  const formId = `${ids}-form`;
  const showError = useErrorToast();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const { control, register, handleSubmit, formState, setError } = useForm<
    PlanFormValues,
    unknown,
    PlanRequest
  >({
    resolver: planFormResolver,
    defaultValues: plan ? planToFormValues(plan) : EMPTY_PLAN_FORM,
  });
  const { errors } = formState;

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'plan-discount-total') {
      setError('fullMonthDiscount', { message: error.code }, { shouldFocus: true });
      return;
    }
    if (isApiError(error) && (error.code === 'plan-alias-short' || error.code === 'plan-alias-long')) {
      setError('alias', { message: error.code }, { shouldFocus: true });
      return;
    }
    showError(error);
  };

  const { save, isPending } = useSaveResource({
    record: plan,
    create,
    update,
    toCreate: (request: PlanRequest) => request,
    changes: planChanges,
    nameOf: (saved) => saved.alias,
    text: form,
    toastId: 'plan-saved',
    onDone,
    onError,
  });
  const submit = handleSubmit(save);

  const activeId = `${ids}-active`;
  const inviteId = `${ids}-invite`;

  return (
    <DialogContent
      title={plan ? form.editTitle(plan.alias) : form.createTitle}
      description={form.description}
      className="sm:max-w-2xl"
      onInteractOutside={(event) => event.preventDefault()}
      footer={
        <FormDialogFooter
          formId={formId}
          submitLabel={plan ? form.save : form.create}
          isPending={isPending}
          onCancel={onDone}
        />
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <FormField label={form.alias} hint={form.aliasHint} error={errors.alias?.message}>
            <Input autoComplete="off" {...register('alias')} />
          </FormField>
          <FormField
            label={form.weeklyMinutes}
            hint={<WeeklyMinutesHint control={control} />}
            error={errors.weeklyMinutes?.message}
          >
            <UnitInput unit={form.minutesUnit} inputMode="numeric" {...register('weeklyMinutes')} />
          </FormField>
        </div>

        <PricingRows control={control} register={register} errors={errors} ids={ids} />

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-foreground">{form.availability}</legend>
          <div className="divide-y divide-border rounded-xl border border-border px-4 py-3">
            <SwitchRow
              id={activeId}
              label={form.active}
              hint={form.activeHint}
              control={
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <Switch
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      aria-labelledby={activeId}
                      aria-describedby={`${activeId}-hint`}
                    />
                  )}
                />
              }
            />
            <SwitchRow
              id={inviteId}
              label={form.inviteOnly}
              hint={form.inviteOnlyHint}
              control={
                <Controller
                  control={control}
                  name="forInvitesOnly"
                  render={({ field }) => (
                    <Switch
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      aria-labelledby={inviteId}
                      aria-describedby={`${inviteId}-hint`}
                    />
                  )}
                />
              }
            />
          </div>
        </fieldset>

        {plan ? <Alert tone="info">{form.pricesApply}</Alert> : null}
      </form>
    </DialogContent>
  );
}
