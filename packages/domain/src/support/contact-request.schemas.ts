import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { EmailSchema, PhoneSchema } from '../users/user.schemas.ts';
import { SupportMemberSchema } from './report.schemas.ts';

/**
 * The contact-request contract (spec §7 "Contact request"; rules.md "Reports and contact requests"):
 * the public site's `/contact` form. A name (2–60), a phone (Egyptian mobile) or an e-mail — at least
 * one — a title (5–128) and a message (10–1000). Issue messages are error codes (decision 0003).
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The fields are plain text (decision 0046): controls stripped, markup `text-invalid-html`. */
export const ContactRequestNameSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'line',
  max: BOUNDS.contactRequestName.max,
  tooLong: 'contact-request-name-long',
})
  .min(BOUNDS.contactRequestName.min, { error: 'contact-request-name-short' })
  .max(BOUNDS.contactRequestName.max, { error: 'contact-request-name-long' });

export const ContactRequestTitleSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'line',
  max: BOUNDS.contactRequestTitle.max,
  tooLong: 'contact-request-title-long',
})
  .min(BOUNDS.contactRequestTitle.min, { error: 'contact-request-title-short' })
  .max(BOUNDS.contactRequestTitle.max, { error: 'contact-request-title-long' });

export const ContactRequestMessageSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'paragraphs',
  max: BOUNDS.contactRequestMessage.max,
  tooLong: 'contact-request-message-long',
})
  .min(BOUNDS.contactRequestMessage.min, { error: 'contact-request-message-short' })
  .max(BOUNDS.contactRequestMessage.max, { error: 'contact-request-message-long' });

/**
 * `POST /api/v1/contact-request/` (anyone, rate-limited per address). An empty phone or e-mail counts
 * as absent; with neither, the phone is `required`.
 */
export const CreateContactRequestRequestSchema = z
  .object({
    name: ContactRequestNameSchema,
    phone: z.preprocess(blankIsAbsent, /* @__PURE__ */ PhoneSchema.nullish()),
    email: z.preprocess(blankIsAbsent, /* @__PURE__ */ EmailSchema.nullish()),
    title: ContactRequestTitleSchema,
    message: ContactRequestMessageSchema,
  })
  .refine((body) => Boolean(body.phone || body.email), { error: 'required', path: ['phone'] })
  .transform((body) => ({ ...body, phone: body.phone ?? null, email: body.email ?? null }));
export type CreateContactRequestRequest = z.input<typeof CreateContactRequestRequestSchema>;

/** `PUT /api/v1/contact-request/{id}` (staff): handled, or open again. */
export const UpdateContactRequestRequestSchema = z.object({
  handled: z.boolean({ error: typeErrorCode }),
});
export type UpdateContactRequestRequest = z.infer<typeof UpdateContactRequestRequestSchema>;

/** `GET /api/v1/contact-request/list` (staff): newest first, optionally handled or not, and a search. */
export const FindContactRequestsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  handled: z
    .enum(['true', 'false'], BAD_REQUEST)
    .transform((value) => value === 'true')
    .optional(),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
});
export type FindContactRequestsQuery = z.input<typeof FindContactRequestsQuerySchema>;

const isoDateTime = z.iso.datetime({ offset: true });

export const ContactRequestSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  handled: z.boolean(),
  handledAt: /* @__PURE__ */ isoDateTime.nullable(),
  handledBy: /* @__PURE__ */ SupportMemberSchema.nullable(),
  createdAt: isoDateTime,
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** A page of requests and `unhandled`: how many wait for staff (the inbox badge). */
export const ContactRequestListResponseSchema = /* @__PURE__ */ pagedSchema(ContactRequestSchema).extend({
  unhandled: z.number().int().nonnegative(),
});
export type ContactRequestListResponse = z.infer<typeof ContactRequestListResponseSchema>;

/** What the public form gets back: only that it was received (nothing stored is echoed to anyone). */
export const ContactRequestReceivedSchema = z.object({ ok: z.literal(true) });
export type ContactRequestReceived = z.infer<typeof ContactRequestReceivedSchema>;
