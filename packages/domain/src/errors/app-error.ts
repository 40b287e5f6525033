import { type ErrorCode, errorStatus, isErrorCode } from './error-codes.ts';

export interface AppErrorOptions {
  message?: string;
  cause?: unknown;
  details?: unknown;
}

/**
 * The one error type services throw and clients raise: it carries a catalogue code, and its HTTP status
 * comes from `ERROR_STATUS`, so a thrower never picks a status by hand.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = errorStatus(code);
    this.details = options.details;
  }
}

/** Recognises an AppError even across bundles, where `instanceof` can fail on duplicated classes. */
export function isAppError(e: unknown): e is AppError {
  if (e instanceof AppError) {
    return true;
  }
  return (
    e instanceof Error &&
    e.name === 'AppError' &&
    isErrorCode((e as Partial<AppError>).code) &&
    typeof (e as Partial<AppError>).status === 'number'
  );
}
