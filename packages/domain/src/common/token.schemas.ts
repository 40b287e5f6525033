import { z } from 'zod';
import type { TokenPayload } from './token.ts';

/** Auth token payload (spec §3); `iat` and `exp` are unix seconds. The server checks verified tokens with it. */
export const TokenPayloadSchema = z.object({
  id: z.number().int().positive(),
  iat: z.number(),
  exp: z.number(),
}) satisfies z.ZodType<TokenPayload>;
