import { z } from 'zod';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { MAX_ROW_ID } from './row-id.ts';

const BAD_REQUEST = { error: 'bad-request' } as const;

/** A row id in a JSON body or socket payload: a missing one is `required`, a wrong type `invalid-type`. */
export const IdSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .positive(BAD_REQUEST)
  .max(MAX_ROW_ID, BAD_REQUEST);

/** A row id in a path or query string, coerced from its text; anything else is `bad-request`. */
export const QueryIdSchema = z.coerce
  .number(BAD_REQUEST)
  .int(BAD_REQUEST)
  .positive(BAD_REQUEST)
  .max(MAX_ROW_ID, BAD_REQUEST);
