import { z } from 'zod';

/**
 * A schema as JSON Schema (draft 2020-12), as a client checks an answer against it: the shape the
 * server sends (zod's input side, so a field with a default may be missing and gets the default);
 * refinements and transforms have no JSON form and are left out. The browser's contract is built from
 * these at build time (`@hiwar/client`'s contract plugin), so that checking an answer needs no zod.
 */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}
