/// <reference path="../virtual-contract.d.ts" />

import schemas from 'virtual:hiwar/contract';
import type * as domain from '@hiwar/domain';
import type { ContractName } from './contract-names.ts';
import { checkJson, type JsonSchema, type ResponseSchema } from './json-check.ts';

/** What a domain schema parses to (`z.output`), without importing zod. */
type Parsed<S> = S extends { _zod: { output: infer O } } ? O : never;

/** The contract's checks by schema name, each typed as its zod schema parses. */
export type ContractSchemas = { readonly [K in ContractName]: ResponseSchema<Parsed<(typeof domain)[K]>> };

/**
 * What `loadContract` imports: a check per schema of the contract (contract-names.ts), from the JSON
 * Schema the build wrote for it (contract-plugin.ts), through a module nothing imports statically.
 */
export const contract = Object.fromEntries(
  Object.entries(schemas as Record<ContractName, JsonSchema>).map(([name, schema]) => [
    name,
    { safeParse: (value: unknown) => checkJson(schema, value) },
  ]),
) as unknown as ContractSchemas;
