/**
 * The API contract: `@hiwar/domain` with its zod schemas, which every answer, stored user and form is
 * checked against. It is loaded on first use, as a chunk of its own, never with an app's first screen
 * (issue 16): a visitor's first paint needs none of it, and a signed-in screen fetches it alongside its
 * first request. Everything the client checks goes through here, so the apps' entry chunks stay free of
 * zod; the domain's plain values (enums, rules, error codes) are still imported directly.
 */
export type Contract = typeof import('./contract-module.ts');

let loading: Promise<Contract> | null = null;
let loaded: Contract | null = null;

/** Loads the contract once; later calls share the same promise. A failed load is tried again next time. */
export function loadContract(): Promise<Contract> {
  loading ??= import('./contract-module.ts').then(
    (contract) => {
      loaded = contract;
      return contract;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The contract if it has loaded already, else `null` (for the few checks that must answer at once). */
export function loadedContract(): Contract | null {
  return loaded;
}
