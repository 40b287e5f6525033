import { Slot } from '@radix-ui/react-slot';
import { type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

export interface FieldFrameProps {
  label: ReactNode;
  /** The error as display text (FormField words a catalogue code into it). */
  errorText?: string | undefined;
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
 * Label, control, hint and error text wired for assistive technology: the control gets `id`,
 * `aria-invalid` and `aria-describedby` pointing at the hint and the error. Apart from `FormField` so a
 * screen that words its errors itself (the back office's sign-in, which loads the error catalogue only
 * when needed, issue 16) gets the same field without the catalogue.
 */
export function FieldFrame({
  label,
  errorText,
  hint,
  optional = false,
  id,
  className,
  children,
}: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = errorText ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-semibold text-foreground">
        {label}
        {optional ? (
          <span className="ms-1 font-normal text-muted-foreground">({messages.common.optional})</span>
        ) : null}
      </label>
      <Slot id={controlId} aria-invalid={errorText ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
