import { z } from 'zod';
import { ACK_CODES } from '../errors/error-codes.ts';

/** Body of every failed response; `code` is a catalogue code, but clients must survive unknown ones. */
export const ErrorBodySchema = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Acknowledgement of every realtime client event. */
export const AckSchema = z.object({ code: z.enum(ACK_CODES) });
export type Ack = z.infer<typeof AckSchema>;

const BAD_REQUEST = { error: 'bad-request' } as const;

/** `{id}` path parameters, which arrive as strings. */
export const IdParamSchema = z.object({
  id: z.coerce.number(BAD_REQUEST).int(BAD_REQUEST).positive(BAD_REQUEST),
});
export type IdParam = z.infer<typeof IdParamSchema>;
