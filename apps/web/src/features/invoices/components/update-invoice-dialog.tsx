import { useUpdateInvoiceAsReceiver, useWithdrawMethods } from '@hiwar/client';
import {
  type Invoice,
  InvoiceStatus,
  type ReceiverDetailsInput,
  type WithdrawMethodType,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  invoicesMessages,
  messages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useMemo, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  applyServerError,
  type DetailsFormValues,
  detailsFormValues,
  detailsResolver,
} from '../lib/invoice-form.ts';
import { ReceiverFields } from './receiver-fields.tsx';

const text = invoicesMessages;

function UpdateForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const methodsQuery = useWithdrawMethods();
  const methods = useMemo(
    () => (methodsQuery.data?.list ?? []).filter((method) => method.enabled),
    [methodsQuery.data],
  );
  const update = useUpdateInvoiceAsReceiver();
  const { toast } = useToast();
  const showError = useErrorToast();
  const resolve = useRef(detailsResolver(methods, invoice.amount));
  resolve.current = detailsResolver(methods, invoice.amount);
  const resolver = useMemo<Resolver<DetailsFormValues, unknown, ReceiverDetailsInput>>(
    () => (values, context, options) => resolve.current(values, context, options),
    [],
  );
  const form = useForm<DetailsFormValues, unknown, ReceiverDetailsInput>({
    resolver,
    mode: 'onChange',
    defaultValues: detailsFormValues(invoice.details),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (details) => {
    try {
      await update.mutateAsync({
        id: invoice.id,
        body: { status: InvoiceStatus.UpdatedByReceiver, details, expectedStatus: invoice.status },
      });
      toast({ id: `invoice-${invoice.id}`, type: 'success', title: text.updateDialog.sent });
      onDone();
    } catch (error) {
      if (!applyServerError(error, form.setError, false)) {
        showError(error);
      }
    }
  });

  if (methodsQuery.isError) {
    return <Alert tone="danger">{text.form.methodsFailed}</Alert>;
  }
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <ReceiverFields
        methods={methods}
        method={form.watch('method')}
        onMethodChange={(next: WithdrawMethodType) =>
          form.setValue('method', next, { shouldDirty: true, shouldValidate: true })
        }
        bank={form.watch('bank')}
        onBankChange={(next) => form.setValue('bank', next, { shouldDirty: true, shouldValidate: true })}
        errors={{
          method: errors.method?.message,
          phone: errors.phone?.message,
          bank: errors.bank?.message,
          accountNumber: errors.accountNumber?.message,
          username: errors.username?.message,
        }}
        register={(name) => form.register(name)}
        disabled={update.isPending || methodsQuery.isLoading}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {messages.common.cancel}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {text.updateDialog.submit}
        </Button>
      </div>
    </form>
  );
}

export interface UpdateInvoiceDialogProps {
  /** The request being changed; `null` keeps the dialog closed. */
  invoice: Invoice | null;
  onClose: () => void;
}

/**
 * The tutor asks to change where a pending request's money goes (`updated-by-receiver`): the new
 * details wait beside the old ones until staff approve them. Sent with the status shown, so a move
 * staff made meanwhile is refused rather than overridden.
 */
export function UpdateInvoiceDialog({ invoice, onClose }: UpdateInvoiceDialogProps) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={text.updateDialog.title} description={text.updateDialog.description}>
        {invoice ? <UpdateForm key={invoice.id} invoice={invoice} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
