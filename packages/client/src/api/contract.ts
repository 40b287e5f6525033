/**
 * The API contract: `@hiwar/domain` with its zod schemas, which every answer, stored user and form is
 * checked against. It loads on first use, as chunks of its own, never with an app's first screen
 * (issue 16): a visitor's first paint needs none of it, and a signed-in screen fetches it alongside its
 * first request. Everything the client checks goes through here, so the apps' entry chunks stay free of
 * zod; the domain's plain values (enums, rules, error codes) are still imported directly.
 */
export type Contract = typeof import('./contract-module.ts');

/** A module loaded on first use: later calls share one promise, and a failed load is tried again. */
export interface OnDemand<T> {
  load(): Promise<T>;
  /** The module if it has loaded already, else `null` (for the checks that must answer at once). */
  loaded(): T | null;
}

export function onDemand<T>(importModule: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let module: T | null = null;
  return {
    load() {
      loading ??= importModule().then(
        (value) => {
          module = value;
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

const contract = onDemand(() => import('./contract-module.ts'));

/** Loads the whole contract once (every response schema). */
export function loadContract(): Promise<Contract> {
  return contract.load();
}

/** The contract if it has loaded already, else `null`. */
export function loadedContract(): Contract | null {
  return contract.loaded();
}
