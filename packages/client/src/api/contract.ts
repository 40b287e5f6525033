import type { ResponseSchema } from './json-check.ts';

/**
 * The API contract: the domain's answer and event schemas (contract-names.ts), which every answer, live
 * event and stored user is checked against, as JSON Schema the build writes from the zod schemas
 * (contract-plugin.ts) and json-check.ts applies: no zod in the browser for it (issue 26). It loads on
 * first use, as a chunk of its own, never with an app's first screen (issue 16): a visitor's first
 * paint needs none of it, and a signed-in screen fetches it alongside its first request. Forms still
 * check their fields with the domain's zod schemas, loaded with the form.
 */
export type Contract = import('./contract-module.ts').ContractSchemas;

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

const contract = onDemand(() => import('./contract-module.ts').then((module) => module.contract));

/** Loads the whole contract once (every response schema). */
export function loadContract(): Promise<Contract> {
  return contract.load();
}

/** The contract if it has loaded already, else `null`. */
export function loadedContract(): Contract | null {
  return contract.loaded();
}

/**
 * A live event's listener that hands on only a payload its contract schema accepts, as parsed: at once
 * when the contract has loaded, else as soon as it has (events keep their order); a payload that does
 * not fit, or a contract that fails to load, is dropped.
 */
export function checkedListener<T>(
  pick: (contract: Contract) => ResponseSchema<T>,
  listener: (value: T) => void,
): (payload: unknown) => void {
  const handle = (loaded: Contract, payload: unknown) => {
    const parsed = pick(loaded).safeParse(payload);
    if (parsed.success) {
      listener(parsed.data);
    } else {
      // For developers: an event the contract refuses is dropped, never shown to the user.
      console.debug(
        '[contract] a live event that breaks the contract was dropped',
        parsed.error.issues,
        payload,
      );
    }
  };
  return (payload) => {
    const loaded = loadedContract();
    if (loaded) {
      handle(loaded, payload);
    } else {
      loadContract().then(
        (value) => handle(value, payload),
        () => undefined,
      );
    }
  };
}

/** Checks a value against its contract schema, loading the contract if needed: the parsed value or `null`. */
export async function checkedValue<T>(
  pick: (contract: Contract) => ResponseSchema<T>,
  value: unknown,
): Promise<T | null> {
  const parsed = pick(loadedContract() ?? (await loadContract())).safeParse(value);
  return parsed.success ? parsed.data : null;
}
