import type { Plugin } from 'vite';
import { CONTRACT_SCHEMAS, type ContractApp, FIRST_SCREEN_CONTRACT } from '../api/contract-names.ts';

/**
 * The module the browser's contract imports first (contract-module.ts): the part of the contract's
 * schemas, as JSON Schema, that the app's first screens check.
 */
export const CONTRACT_MODULE_ID = 'virtual:hiwar/contract';
/** The rest of the contract (contract-more-module.ts), loaded on the first check of one of its schemas. */
export const CONTRACT_MORE_MODULE_ID = 'virtual:hiwar/contract/more';

type Domain = Record<string, unknown> & {
  answerJsonSchema(schema: unknown): Record<string, unknown>;
};

/**
 * Each schema of {@link CONTRACT_SCHEMAS} as JSON Schema, by name, from the domain's zod schemas as
 * they are now (`answerJsonSchema`). Runs in Node, at build time (and in the front ends' tests).
 */
export async function contractJsonSchemas(): Promise<Record<string, Record<string, unknown>>> {
  // A relative import: the apps' Vite configs bundle it, with its TypeScript, into the config.
  const domain = (await import('../../../domain/src/index.ts')) as unknown as Domain;
  const schemas: Record<string, Record<string, unknown>> = {};
  for (const name of CONTRACT_SCHEMAS) {
    const schema = domain[name];
    if (schema === undefined) {
      throw new Error(`The contract names ${name}, which @hiwar/domain does not export`);
    }
    schemas[name] = domain.answerJsonSchema(schema);
  }
  return schemas;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where a part of a schema repeats and is long enough to be worth a name of its own. */
const SHARED_MIN_LENGTH = 24;

/**
 * The contract as a module: `export default { UserSchema: …, … }`, each part that recurs across the
 * schemas (a user, a lesson, a date-time with its pattern) written once as a constant and referred to
 * by name. The schemas repeat themselves a lot (an answer holds the entities of others): some 190 kB of
 * JSON comes down to about a third, and the browser's check follows the shared objects the same way.
 */
export function contractModuleSource(schemas: Record<string, unknown>): string {
  const counts = new Map<string, number>();
  const count = (value: Json): void => {
    if (value === null || typeof value !== 'object') {
      return;
    }
    const key = JSON.stringify(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const item of Object.values(value)) {
      count(item);
    }
  };
  count(schemas as Json);
  const names = new Map<string, string>();
  const constants: string[] = [];
  const literal = (value: Json, top = false): string => {
    if (value === null || typeof value !== 'object') {
      return JSON.stringify(value);
    }
    const key = JSON.stringify(value);
    const known = names.get(key);
    if (known) {
      return known;
    }
    const body = Array.isArray(value)
      ? `[${value.map((item) => literal(item)).join(',')}]`
      : `{${Object.entries(value)
          .map(([name, item]) => `${JSON.stringify(name)}:${literal(item)}`)
          .join(',')}}`;
    if (top || (counts.get(key) ?? 0) < 2 || key.length < SHARED_MIN_LENGTH) {
      return body;
    }
    const name = `s${names.size}`;
    names.set(key, name);
    constants.push(`const ${name}=${body};`);
    return name;
  };
  const root = literal(schemas as Json, true);
  return `${constants.join('\n')}\nexport default ${root};\n`;
}

/**
 * The contract's two parts for an app: what its first screens check ({@link FIRST_SCREEN_CONTRACT}) and
 * the rest; without an app, the whole contract is the first part.
 */
export function contractParts(
  schemas: Record<string, Record<string, unknown>>,
  app?: ContractApp,
): { first: Record<string, unknown>; more: Record<string, unknown> } {
  const firstNames: readonly string[] = app ? FIRST_SCREEN_CONTRACT[app] : Object.keys(schemas);
  const first: Record<string, unknown> = {};
  const more: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    (firstNames.includes(name) ? first : more)[name] = schema;
  }
  return { first, more };
}

/**
 * Provides {@link CONTRACT_MODULE_ID} and {@link CONTRACT_MORE_MODULE_ID} to a front end's build, dev
 * server and tests, so the browser checks answers against the domain's schemas without zod (issue 26:
 * zod and the schemas' code were some 25 kB of every signed-in first screen; their JSON form is about
 * 6 kB, and the part the web homes check about half of it). `app` names the first screens whose part
 * of the contract goes first (contract-names.ts); without it the whole contract does.
 */
export function contractPlugin(options: { app?: ContractApp } = {}): Plugin {
  const resolved = new Map([
    [CONTRACT_MODULE_ID, `\0${CONTRACT_MODULE_ID}`],
    [CONTRACT_MORE_MODULE_ID, `\0${CONTRACT_MORE_MODULE_ID}`],
  ]);
  let parts: Promise<ReturnType<typeof contractParts>> | null = null;
  return {
    name: 'hiwar-contract',
    buildStart() {
      parts = null;
    },
    resolveId(id) {
      return resolved.get(id);
    },
    async load(id) {
      if (id !== resolved.get(CONTRACT_MODULE_ID) && id !== resolved.get(CONTRACT_MORE_MODULE_ID)) {
        return undefined;
      }
      parts ??= contractJsonSchemas().then((schemas) => contractParts(schemas, options.app));
      const { first, more } = await parts;
      return contractModuleSource(id === resolved.get(CONTRACT_MODULE_ID) ? first : more);
    },
  };
}
