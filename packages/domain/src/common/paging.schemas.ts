import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';

const BAD_REQUEST = { error: 'bad-request' } as const;

/** `page` from 1 and `size` up to 100, coerced because they arrive as query strings. */
export const PageQuerySchema = z.object({
  page: z.coerce.number(BAD_REQUEST).int(BAD_REQUEST).min(1, BAD_REQUEST).default(1),
  size: z.coerce
    .number(BAD_REQUEST)
    .int(BAD_REQUEST)
    .min(1, BAD_REQUEST)
    .max(BOUNDS.pageSize.max, BAD_REQUEST)
    .default(BOUNDS.pageSize.default),
});

export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface Paged<T> {
  list: T[];
  total: number;
}

/** The response shape of every paged list (spec §3: list and total). */
/* @__NO_SIDE_EFFECTS__ */
export function pagedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}
