/** Per-call options every endpoint function accepts. */
export interface CallOptions {
  /** Aborts the request; the promise rejects with the abort reason. */
  signal?: AbortSignal;
}

/** `{ signal }` when one was given, so request options never carry an explicit `undefined`. */
export function signalOf(options: CallOptions | undefined): { signal?: AbortSignal } {
  return options?.signal ? { signal: options.signal } : {};
}
