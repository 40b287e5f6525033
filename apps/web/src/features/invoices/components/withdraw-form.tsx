import { useCreateInvoice, useWithdrawMethods } from '@hiwar/client';
import type { CreateInvoiceRequest, InvoiceStats, WithdrawMethodType } from '@hiwar/domain';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  formatMoney,
  Input,
  invoicesMessages,
  messages,
  Skeleton,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useId, useMemo, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  applyServerError,
  EMPTY_DETAILS,
  methodOf,
  piastersToPoundsText,
  type WithdrawFormValues,
  withdrawResolver,
} from '../lib/invoice-form.ts';
import { ReceiverFields } from './receiver-fields.tsx';

const text = invoicesMessages;

const EMPTY: WithdrawFormValues = { ...EMPTY_DETAILS, amount: '' };

/**
 * The withdrawal request (`POST /api/v1/invoice`): an enabled method with its limits, the receiver
 * details of that method and the amount in pounds, with the withdrawable balance beside it. Every
 * field is checked as it is typed by the domain's schemas and amount rule; what the server still
 * refuses (the balance moved meanwhile, a method switched off) lands under its field in Arabic.
 */
export function WithdrawForm({ stats }: { stats: InvoiceStats | undefined }) {
  const titleId = useId();
  const methodsQuery = useWithdrawMethods();
  const methods = useMemo(
    () => (methodsQuery.data?.list ?? []).filter((method) => method.enabled),
    [methodsQuery.data],
  );
  const withdrawable = stats?.withdrawable ?? 0;
  const create = useCreateInvoice();
  const { toast } = useToast();
  const showError = useErrorToast();

  // The limits and the balance change under the form (a refetch, a live event): read the latest.
  const resolve = useRef(withdrawResolver(methods, withdrawable));
  resolve.current = withdrawResolver(methods, withdrawable);
  const resolver = useMemo<Resolver<WithdrawFormValues, unknown, CreateInvoiceRequest>>(
    () => (values, context, options) => resolve.current(values, context, options),
    [],
  );
  const form = useForm<WithdrawFormValues, unknown, CreateInvoiceRequest>({
    resolver,
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const method = form.watch('method');
  const bank = form.watch('bank');
  const chosen = methodOf(methods, method);
  const noBalance = stats !== undefined && withdrawable <= 0;
  const disabled = !stats || noBalance || create.isPending;

  const chooseMethod = (next: WithdrawMethodType) => {
    form.setValue('method', next, { shouldDirty: true, shouldValidate: true });
    // New limits: an amount already typed is checked against them at once.
    if (form.getValues('amount').trim() !== '') {
      void form.trigger('amount');
    }
  };

  const fillAll = () => {
    const most = Math.min(withdrawable, chosen?.max ?? withdrawable);
    form.setValue('amount', piastersToPoundsText(Math.max(0, most)), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await create.mutateAsync(request);
      form.reset(EMPTY);
      toast({ id: 'invoice-created', type: 'success', title: text.form.sent });
    } catch (error) {
      if (!applyServerError(error, form.setError, true)) {
        showError(error);
      }
    }
  });

  const amountHint = chosen
    ? text.form.amountHint(formatMoney(withdrawable), formatMoney(chosen.min), formatMoney(chosen.max))
    : text.form.amountHintNoMethod(formatMoney(withdrawable));

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{text.form.title}</CardTitle>
        <CardDescription>{text.form.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {methodsQuery.isLoading ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-20 w-full rounded-xl" />
            <Skeleton className="h-11 w-full rounded-xl" />
          </div>
        ) : methodsQuery.isError ? (
          <Alert
            tone="danger"
            title={text.form.methodsFailed}
            action={
              <Button variant="secondary" size="sm" onClick={() => void methodsQuery.refetch()}>
                {messages.common.retry}
              </Button>
            }
          />
        ) : methods.length === 0 ? (
          <Alert tone="warning">{text.form.noMethods}</Alert>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            {noBalance ? <Alert tone="info">{text.form.noBalance}</Alert> : null}
            <ReceiverFields
              methods={methods}
              method={method}
              onMethodChange={chooseMethod}
              bank={bank}
              onBankChange={(next) =>
                form.setValue('bank', next, { shouldDirty: true, shouldValidate: true })
              }
              errors={{
                method: errors.method?.message,
                phone: errors.phone?.message,
                bank: errors.bank?.message,
                accountNumber: errors.accountNumber?.message,
                username: errors.username?.message,
              }}
              register={(name) => form.register(name)}
              disabled={disabled}
            />
            <div className="flex flex-col items-start gap-1">
              <FormField
                label={text.form.amount}
                hint={amountHint}
                error={errors.amount?.message}
                className="w-full"
              >
                <Input
                  dir="ltr"
                  inputMode="decimal"
                  autoComplete="off"
                  className="text-end tabular-nums"
                  disabled={disabled}
                  {...form.register('amount')}
                />
              </FormField>
              <Button type="button" variant="link" size="sm" disabled={disabled} onClick={fillAll}>
                {text.form.withdrawAll}
              </Button>
            </div>
            <div className="flex justify-end">
              <Button
                type="submit"
                loading={create.isPending}
                disabled={!stats || noBalance}
                className="max-sm:w-full"
              >
                {text.form.submit}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
