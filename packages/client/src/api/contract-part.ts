import type * as domain from '@hiwar/domain';
import type { ContractName } from './contract-names.ts';
import { checkJson, type JsonSchema, type ResponseSchema } from './json-check.ts';

/** What a domain schema parses to (`z.output`), without importing zod. */
type Parsed<S> = S extends { _zod: { output: infer O } } ? O : never;

/** The contract's checks by schema name, each typed as its zod schema parses. */
export type ContractSchemas = { readonly [K in ContractName]: ResponseSchema<Parsed<(typeof domain)[K]>> };

/** A part of the contract (contract-module.ts, contract-more-module.ts): the checks of some of its schemas. */
export type ContractPart = Partial<ContractSchemas>;

/** A check per schema of a part of the contract, from the JSON Schema the build wrote for it. */
export function contractPart(schemas: Record<string, unknown>): ContractPart {
  return Object.fromEntries(
    Object.entries(schemas as Record<string, JsonSchema>).map(([name, schema]) => [
      name,
      { safeParse: (value: unknown) => checkJson(schema, value) },
    ]),
  ) as ContractPart;
}
