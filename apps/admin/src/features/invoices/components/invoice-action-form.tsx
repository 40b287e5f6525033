import { isApiError, useUpdateInvoiceAsAdmin } from '@hiwar/client';
import { BOUNDS, type Invoice, InvoiceNoteSchema } from '@hiwar/domain';
import {
  Alert,
  Button,
  buttonClassName,
  errorMessage,
  FormField,
  invoicesMessages,
  Textarea,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { RefreshCw, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { StaffActionSpec } from '../lib/staff-actions.ts';

const text = invoicesMessages.actions;

/** Receipt pictures the server accepts (it checks the content again). */
const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
const ACCEPT = [...RECEIPT_TYPES, '.jpg', '.jpeg', '.png', '.gif'].join(',');

/** Why a picked file cannot be the receipt, before a byte is sent (the server's own codes). */
export function checkReceiptFile(file: File): 'unsupported-media-type' | 'payload-too-large' | null {
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) {
    return 'unsupported-media-type';
  }
  return file.size > BOUNDS.upload.imageMaxBytes ? 'payload-too-large' : null;
}

/** The note as the domain reads it: its error code, or the value to send (`null` when blank). */
function readNote(raw: string, required: boolean): { code: string } | { value: string | null } {
  const parsed = InvoiceNoteSchema.safeParse(raw);
  if (!parsed.success) {
    return { code: parsed.error.issues[0]?.message ?? 'invalid-type' };
  }
  if (required && parsed.data === null) {
    return { code: 'invoice-note-empty' };
  }
  return { value: parsed.data };
}

export interface InvoiceActionFormProps {
  invoice: Invoice;
  spec: StaffActionSpec;
  onClose: () => void;
  onDone: (invoice: Invoice) => void;
  onBusyChange: (busy: boolean) => void;
}

/**
 * One staff move of rules.md's table, confirmed and sent (`PUT /api/v1/invoice/admin/{id}`, multipart)
 * with the status shown, so a change made meanwhile is refused rather than overridden: fulfilling needs
 * the transfer's receipt (uploaded with a progress bar and a stop button), rejecting needs its reason;
 * the other moves take an optional note for the tutor, and final requests only a note edit.
 */
export function InvoiceActionForm({ invoice, spec, onClose, onDone, onBusyChange }: InvoiceActionFormProps) {
  const id = useId();
  const wording = text[spec.action];
  const update = useUpdateInvoiceAsAdmin();
  const { toast } = useToast();
  const showError = useErrorToast();
  const abortRef = useRef<AbortController | null>(null);
  const [note, setNote] = useState(spec.note === 'edit' ? (invoice.note ?? '') : '');
  const [noteTouched, setNoteTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  // The local preview lives as long as its file; an upload in flight stops when the dialog goes.
  useEffect(() => {
    if (!preview) {
      return;
    }
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => () => abortRef.current?.abort(), []);
  // Opened in place of the details (whose button it replaced): the focus goes to its first field.
  useEffect(() => {
    document.getElementById(spec.receipt ? `${id}-file` : `${id}-note`)?.focus();
  }, [id, spec.receipt]);
  // Busy while the change is on its way; done (the form gone with it), the dialog may close again.
  useEffect(() => {
    onBusyChange(update.isPending);
    return () => onBusyChange(false);
  }, [update.isPending, onBusyChange]);

  const noteCheck = readNote(note, spec.note === 'required');
  const noteError = noteTouched && 'code' in noteCheck ? noteCheck.code : undefined;

  const choose = (picked: File | undefined) => {
    if (!picked) {
      return;
    }
    const problem = checkReceiptFile(picked);
    setFileError(problem);
    if (problem) {
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const submit = () => {
    setNoteTouched(true);
    setServerError(null);
    if ('code' in noteCheck) {
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    if (spec.receipt && !file) {
      setFileError('invoice-receipt-required');
      document.getElementById(`${id}-file`)?.focus();
      return;
    }
    // A note edit always sends the note (blank removes it); a move sends one only when written.
    const sendNote = spec.note === 'edit' || noteCheck.value !== null;
    const controller = new AbortController();
    abortRef.current = controller;
    if (spec.receipt) {
      setProgress(0);
    }
    update.mutate(
      {
        id: invoice.id,
        update: {
          ...(spec.to ? { status: spec.to } : {}),
          ...(sendNote ? { note: noteCheck.value } : {}),
          ...(spec.receipt && file ? { receipt: file } : {}),
          expectedStatus: invoice.status,
        },
        signal: controller.signal,
        ...(spec.receipt ? { onProgress: setProgress } : {}),
      },
      {
        onSuccess: (saved) => {
          toast({ id: `invoice-${invoice.id}`, type: 'success', title: wording.done });
          onDone(saved);
        },
        onError: (failure) => {
          if (controller.signal.aborted) {
            toast({ id: `invoice-${invoice.id}`, type: 'info', title: text.stopped });
          } else if (isApiError(failure)) {
            setServerError(failure.code);
          } else {
            showError(failure);
          }
        },
        onSettled: () => {
          abortRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  const percent = Math.max(0, Math.min(100, Math.round(progress ?? 0)));
  const noteLabel = spec.note === 'required' ? text.noteRequired : text.note;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {spec.receipt ? (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-semibold text-foreground" id={`${id}-file-label`}>
            {text.receipt}
          </span>
          {preview ? (
            <img
              src={preview}
              alt={text.preview}
              className="max-h-56 w-full rounded-xl object-contain ring-1 ring-border"
            />
          ) : null}
          {file ? (
            <p className="truncate text-xs text-muted-foreground" dir="auto">
              {text.chosen(file.name)}
            </p>
          ) : null}
          {uploading ? (
            <div className="flex flex-col gap-2">
              <div
                role="progressbar"
                aria-label={text.uploading}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={text.progress(percent)}
                className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
              >
                <div
                  className="h-full rounded-full bg-brand transition-[inline-size] duration-200"
                  style={{ inlineSize: `${percent}%` }}
                />
              </div>
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-foreground" aria-hidden="true">
                  {text.progress(percent)}
                </span>
                <Button variant="secondary" size="sm" onClick={() => abortRef.current?.abort()}>
                  <X aria-hidden="true" />
                  {text.stopUpload}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={`${id}-file`}
                type="file"
                accept={ACCEPT}
                aria-labelledby={`${id}-file-label`}
                aria-describedby={[`${id}-file-hint`, fileError ? `${id}-file-error` : '']
                  .filter(Boolean)
                  .join(' ')}
                aria-invalid={fileError ? true : undefined}
                className="peer sr-only"
                onChange={(event) => {
                  const picked = event.target.files?.[0];
                  // Reset, so picking the same file again after an error still fires a change.
                  event.target.value = '';
                  choose(picked);
                }}
              />
              <label
                htmlFor={`${id}-file`}
                className={buttonClassName({
                  variant: 'secondary',
                  size: 'sm',
                  className:
                    'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                })}
              >
                {file ? <RefreshCw aria-hidden="true" /> : <Upload aria-hidden="true" />}
                {file ? text.replace : text.choose}
              </label>
            </div>
          )}
          <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
            {text.receiptHint}
          </p>
          {fileError ? (
            <p id={`${id}-file-error`} role="alert" className="text-sm font-medium text-danger">
              {errorMessage(fileError)}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormField label={noteLabel} optional={spec.note === 'optional'} error={noteError} id={`${id}-note`}>
        <Textarea
          rows={4}
          value={note}
          maxLength={BOUNDS.invoiceNote.max + 100}
          disabled={update.isPending}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteTouched(true);
          }}
        />
      </FormField>
      {serverError ? <Alert tone="danger">{errorMessage(serverError)}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          {text.back}
        </Button>
        <Button
          type="submit"
          variant={spec.tone === 'danger' ? 'danger' : 'primary'}
          loading={update.isPending}
        >
          {wording.label}
        </Button>
      </div>
    </form>
  );
}
