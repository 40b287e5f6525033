import { errorMessage } from '../messages/error-messages.ts';
import { FieldFrame, type FieldFrameProps } from './field-frame.tsx';

/** Shown for a validation message that is not a catalogue code (a schema written without one). */
export const invalidValueMessage = 'القيمة المُدخلة غير صالحة.';

export interface FormFieldProps extends Omit<FieldFrameProps, 'errorText'> {
  /**
   * An error *code* (a key of the catalogue, as the domain's zod schemas emit), not display text; it is
   * translated here so every form shows the same wording for the same problem.
   */
  error?: string | undefined;
}

/**
 * Label, control, hint and error wired for assistive technology (see {@link FieldFrame}), the error
 * worded from the catalogue.
 */
export function FormField({ error, ...props }: FormFieldProps) {
  return <FieldFrame {...props} errorText={error ? errorMessage(error, invalidValueMessage) : undefined} />;
}
