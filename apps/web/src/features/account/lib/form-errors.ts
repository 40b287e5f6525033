import { isApiError } from '@hiwar/client';
import type { ErrorCode } from '@hiwar/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Which form field a server error code belongs to. */
export type FieldsByCode<T extends FieldValues> = Partial<Record<ErrorCode, Path<T>>>;

/**
 * Shows a server error under the field it is about (e.g. `user-exists` under the e-mail), focusing it.
 * Returns whether it did; anything else is for the caller (a form alert or an error toast).
 */
export function applyFieldError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FieldsByCode<T>,
): boolean {
  if (!isApiError(error)) {
    return false;
  }
  const field = fields[error.code];
  if (!field) {
    return false;
  }
  setError(field, { type: 'server', message: error.code }, { shouldFocus: true });
  return true;
}

/** The catalogue code of a failed call, or `null` for a network failure or a bug. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return isApiError(error) ? error.code : null;
}
