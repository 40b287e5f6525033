import { Slot } from '@radix-ui/react-slot';
import { type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';
import { errorMessage } from '../messages/error-messages.ts';
import { messages } from '../messages/messages.ts';

/** Shown for a validation message that is not a catalogue code (a schema written without one). */
export const invalidValueMessage = 'القيمة المُدخلة غير صالحة.';

export interface FormFieldProps {
  label: ReactNode;
  /**
   * An error *code* (a key of the catalogue, as the domain's zod schemas emit), not display text; it is
   * translated here so every form shows the same wording for the same problem.
   */
  error?: string | undefined;
  /** Help text under the control, also linked with `aria-describedby`. */
  hint?: ReactNode;
  /** Marks the label "(اختياري)"; required is the default for most forms, so optional is the exception. */
  optional?: boolean;
  /** Id of the control; generated when omitted. */
  id?: string;
  className?: string;
  /** Exactly one control (Input, Textarea, Select…); it receives id and aria attributes. */
  children: ReactElement;
}

/**
 * Label, control, hint and error wired for assistive technology: the control gets `id`, `aria-invalid`
 * and `aria-describedby` pointing at the hint and the error.
 */
export function FormField({ label, error, hint, optional = false, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-semibold text-foreground">
        {label}
        {optional ? (
          <span className="ms-1 font-normal text-muted-foreground">({messages.common.optional})</span>
        ) : null}
      </label>
      <Slot id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {errorMessage(error, invalidValueMessage)}
        </p>
      ) : null}
    </div>
  );
}
