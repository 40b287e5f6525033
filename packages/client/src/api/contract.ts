import type { ResponseSchema } from './json-check.ts';

/**
 * The API contract: the domain's answer and event schemas (contract-names.ts), which every answer, live
 * event and stored user is checked against, as JSON Schema the build writes from the zod schemas
 * (contract-plugin.ts) and json-check.ts applies: no zod in the browser for it (issue 26). It loads on
 * first use, never with an app's entry (issue 16), in two parts (decision 36): the schemas the app's
 * signed-in first screens check (`FIRST_SCREEN_CONTRACT`), which such a screen fetches alongside its
 * first request, and the rest, fetched on the first check of one of its schemas. Forms still check
 * their fields with the domain's zod schemas, loaded with the form.
 */
export type Contract = import('./contract-part.ts').ContractSchemas;

/**
 * Names one schema of the contract, `(contract) => contract.LessonSchema`: a plain property read, which
 * tells which part of the contract to load.
 */
export type SchemaPick<T> = (contract: Contract) => ResponseSchema<T>;

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

const firstPart = onDemand(() => import('./contract-module.ts').then((module) => module.contract));
const morePart = onDemand(() => import('./contract-more-module.ts').then((module) => module.contract));

/** The schema name a pick reads. */
function nameOf(pick: SchemaPick<unknown>): keyof Contract {
  let name: string | symbol | undefined;
  pick(
    new Proxy({} as Contract, {
      get: (_, key) => {
        name ??= key;
        return undefined;
      },
    }),
  );
  return name as keyof Contract;
}

/** The check a pick names if the part of the contract holding it has loaded, else `null`. */
export function loadedContractCheck<T>(pick: SchemaPick<T>): ResponseSchema<T> | null {
  const name = nameOf(pick);
  const check = firstPart.loaded()?.[name] ?? morePart.loaded()?.[name];
  return (check ?? null) as ResponseSchema<T> | null;
}

/**
 * The check a pick names: from the first screens' part of the contract (loaded once, with a
 * signed-in screen), else from the rest (loaded once, on the first check of one of its schemas).
 */
export async function loadContractCheck<T>(pick: SchemaPick<T>): Promise<ResponseSchema<T>> {
  const name = nameOf(pick);
  return ((await firstPart.load())[name] ?? (await morePart.load())[name]) as ResponseSchema<T>;
}

/** Loads the whole contract once (every response schema, both parts): for tests and tools. */
export async function loadContract(): Promise<Contract> {
  const [first, more] = await Promise.all([firstPart.load(), morePart.load()]);
  return { ...first, ...more } as Contract;
}

/**
 * A live event's listener that hands on only a payload its contract schema accepts, as parsed: at once
 * when the contract has loaded, else as soon as it has (events keep their order); a payload that does
 * not fit, or a contract that fails to load, is dropped.
 */
export function checkedListener<T>(
  pick: SchemaPick<T>,
  listener: (value: T) => void,
): (payload: unknown) => void {
  const handle = (check: ResponseSchema<T>, payload: unknown) => {
    const parsed = check.safeParse(payload);
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
    const loaded = loadedContractCheck(pick);
    if (loaded) {
      handle(loaded, payload);
    } else {
      loadContractCheck(pick).then(
        (value) => handle(value, payload),
        () => undefined,
      );
    }
  };
}

/** Checks a value against its contract schema, loading the contract if needed: the parsed value or `null`. */
export async function checkedValue<T>(pick: SchemaPick<T>, value: unknown): Promise<T | null> {
  const parsed = (await loadContractCheck(pick)).safeParse(value);
  return parsed.success ? parsed.data : null;
}
