import { isApiError, useCreateCoupon, useUpdateCoupon } from '@hiwar/client';
import type { Coupon } from '@hiwar/domain';
import { adminPaymentsMessages, DialogContent, FormField, Input, useErrorToast } from '@hiwar/ui';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { WithLatinRuns } from '../../../components/latin-runs.tsx';
import { UnitInput } from '../../../components/unit-input.tsx';
import { parseTypedNumber } from '../../../lib/payments.ts';
import { useSaveResource } from '../hooks/use-save-resource.ts';
import {
  type CouponFormValues,
  type CouponRequest,
  couponChanges,
  couponFormResolver,
  couponToFormValues,
  emptyCouponForm,
} from '../lib/coupon-form.ts';
import { FormDialogFooter, ResourceFormDialog } from './resource-form-dialog.tsx';

const text = adminPaymentsMessages;
const form = text.couponForm;

export interface CouponFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coupon to edit; `null` creates one. */
  coupon: Coupon | null;
}

/**
 * Create or edit a coupon (SuperAdmin): the code upper-cased as typed, the discount in percent (sent as
 * basis points), the expiry in Cairo time (sent as an instant) and an optional usage limit, all checked by
 * the domain's coupon schema. An edit sends only what changed.
 */
export function CouponFormDialog({ open, onOpenChange, coupon }: CouponFormDialogProps) {
  return (
    <ResourceFormDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <CouponFormContent coupon={coupon} onDone={close} />}
    </ResourceFormDialog>
  );
}

function CouponFormContent({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const ids = useId();
  const formId = `${ids}-form`;
  const limitId = `${ids}-limit`;
  const showError = useErrorToast();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const resolver = useMemo(() => couponFormResolver(coupon), [coupon]);
  const { control, register, handleSubmit, formState, setError } = useForm<
    CouponFormValues,
    unknown,
    CouponRequest
  >({
    resolver,
    defaultValues: coupon ? couponToFormValues(coupon) : emptyCouponForm(),
  });
  const { errors } = formState;

  // A limit under the purchases already holding the coupon is refused by the server (`bad-request`).
  const typedLimit = parseTypedNumber(useWatch({ control, name: 'usageLimit' }) ?? '');
  const limitBelowUses =
    coupon !== null && typedLimit !== undefined && !Number.isNaN(typedLimit) && typedLimit < coupon.uses;

  const onError = (error: unknown) => {
    if (isApiError(error) && (error.code === 'coupon-exists' || error.code === 'coupon-code-invalid')) {
      setError('code', { message: error.code }, { shouldFocus: true });
      return;
    }
    if (
      isApiError(error) &&
      (error.code === 'coupon-already-expired' || error.code === 'coupon-expire-date-invalid')
    ) {
      setError('expiresAt', { message: error.code }, { shouldFocus: true });
      return;
    }
    showError(error);
  };

  const { save, isPending } = useSaveResource({
    record: coupon,
    create,
    update,
    toCreate: ({ expiresAt = '', ...rest }: CouponRequest) => ({ ...rest, expiresAt }),
    changes: couponChanges,
    nameOf: (saved) => saved.code,
    text: form,
    toastId: 'coupon-saved',
    onDone,
    onError,
  });

  const submit = handleSubmit((request) => {
    if (limitBelowUses) {
      return;
    }
    save(request);
  });

  const usageHint = coupon ? `${form.usageLimitHint} ${form.usesSoFar(coupon.uses)}` : form.usageLimitHint;

  return (
    <DialogContent
      title={coupon ? form.editTitle(coupon.code) : form.createTitle}
      description={form.description}
      onInteractOutside={(event) => event.preventDefault()}
      footer={
        <FormDialogFooter
          formId={formId}
          submitLabel={coupon ? form.save : form.create}
          isPending={isPending}
          onCancel={onDone}
        />
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <FormField
              label={form.code}
              hint={<WithLatinRuns text={form.codeHint} />}
              error={fieldState.error?.message}
            >
              <Input
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                dir="ltr"
                className="text-end font-mono tracking-wide uppercase"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
              />
            </FormField>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={form.discount} hint={form.discountHint} error={errors.discount?.message}>
            <UnitInput unit={text.percentSign} {...register('discount')} />
          </FormField>
          <FormField label={form.expiresAt} hint={form.expiresAtHint} error={errors.expiresAt?.message}>
            <Input type="datetime-local" dir="ltr" className="text-end" {...register('expiresAt')} />
          </FormField>
        </div>
        <div className="flex flex-col gap-1.5">
          <FormField
            id={limitId}
            label={form.usageLimit}
            hint={usageHint}
            optional
            error={errors.usageLimit?.message}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              className="tabular-nums"
              // Only when set: FormField's own aria wiring must not be overwritten with undefined.
              {...(limitBelowUses
                ? { 'aria-invalid': true, 'aria-describedby': `${limitId}-hint ${limitId}-uses` }
                : {})}
              {...register('usageLimit')}
            />
          </FormField>
          {limitBelowUses ? (
            <p id={`${limitId}-uses`} className="text-sm font-medium text-danger">
              {form.limitBelowUses}
            </p>
          ) : null}
        </div>
      </form>
    </DialogContent>
  );
}
