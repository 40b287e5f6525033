/** What the register page hands `/verify-email` through the router's location state. */
export interface VerifyEmailLocationState {
  /** When another code may be asked for (ISO), after the code sent at sign-up. */
  resendAt: string | null;
  /** The catalogue code of a failed send at sign-up, if it failed. */
  sendFailed: string | null;
}

export function readVerifyEmailState(state: unknown): VerifyEmailLocationState | null {
  if (typeof state !== 'object' || state === null || !('resendAt' in state)) {
    return null;
  }
  const { resendAt, sendFailed } = state as Partial<VerifyEmailLocationState>;
  return {
    resendAt: typeof resendAt === 'string' ? resendAt : null,
    sendFailed: typeof sendFailed === 'string' ? sendFailed : null,
  };
}

/** What `/forget-password` hands `/reset-password`: when another code may be asked for (ISO). */
export interface ResetPasswordLocationState {
  resendAt: string;
}

export function readResetPasswordState(state: unknown): ResetPasswordLocationState | null {
  if (typeof state !== 'object' || state === null) {
    return null;
  }
  const { resendAt } = state as Partial<ResetPasswordLocationState>;
  return typeof resendAt === 'string' ? { resendAt } : null;
}
