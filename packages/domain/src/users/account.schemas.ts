import { z } from 'zod';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { Gender, Governorate, LeadSource, MessagingApp, Role } from '../enums/user.enums.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { BioSchema, NoticeSchema, TutorAboutSchema, TutorMetaSchema } from '../tutors/tutor.schemas.ts';
import {
  BirthYearSchema,
  EmailSchema,
  EmailVerificationCodeSchema,
  PasswordResetCodeSchema,
  PasswordSchema,
  PhoneSchema,
  UserNameSchema,
} from './user.schemas.ts';

/**
 * The accounts API contract (spec §7 "User", "Auth", "Confirmation code", "Assets"): one schema per
 * request and response, shared by the server's routes and the SPAs' forms. Issue messages are error
 * codes (decision 0003). Who may send which field is a server rule, not a schema rule.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

/** The enums with catalogue codes as messages: a missing value is `required`, a wrong one `invalid-type`. */
const RoleSchema = z.enum(Role, { error: typeErrorCode });
const GenderSchema = z.enum(Gender, { error: typeErrorCode });
const GovernorateSchema = z.enum(Governorate, { error: typeErrorCode });
const MessagingAppSchema = z.enum(MessagingApp, { error: typeErrorCode });
const LeadSourceRequestSchema = z.enum(LeadSource, { error: typeErrorCode });

// ---------------------------------------------------------------------------------------------------
// Responses

/** A user as the API returns it. `image` is a public URL; dates are ISO 8601 (UTC). */
export const UserSchema = z.object({
  id,
  email: z.string(),
  name: z.string().nullable(),
  role: RoleSchema,
  birthYear: z.number().int().nullable(),
  gender: /* @__PURE__ */ GenderSchema.nullable(),
  /** Governorate 1–30. */
  city: /* @__PURE__ */ GovernorateSchema.nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  verifiedEmail: z.boolean(),
  verifiedPhone: z.boolean(),
  /** False for accounts made with Google only: they set a password without giving a current one. */
  hasPassword: z.boolean(),
  creditScore: z.number().int(),
  notificationMethod: /* @__PURE__ */ MessagingAppSchema.nullable(),
  /** IANA time zone for dates shown to this user (default Africa/Cairo). */
  timezone: z.string(),
  /** The marketing link (`/url/{name}` on the landing site) the user signed up through, if any. */
  leadSource: /* @__PURE__ */ LeadSourceRequestSchema.nullable().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/**
 * A user with their tutor meta (null unless the user is a Tutor or TutorManager): what the session
 * keeps in local storage, and what every call that changes a user answers.
 */
export const UserWithTutorSchema = z.object({
  user: UserSchema,
  tutor: /* @__PURE__ */ TutorMetaSchema.nullable(),
});

/** `GET /api/v1/user/current`. */
export const CurrentUserResponseSchema = UserWithTutorSchema;
/**
 * `PUT /api/v1/user/{id}`. After a password change `token` is present: every earlier token, the one
 * used included, has stopped working, and the client stores this one.
 */
export const UpdateUserResponseSchema = /* @__PURE__ */ UserWithTutorSchema.extend({
  token: z.string().optional(),
});

/** Login (password or Google): the user, tutor meta and a bearer token. */
export const AuthResponseSchema = /* @__PURE__ */ UserWithTutorSchema.extend({ token: z.string() });

/**
 * `POST /api/v1/user/`: like a login for a self-service sign-up; `token` is null when a signed-in
 * SuperAdmin created the account for someone else.
 */
export const RegisterResponseSchema = /* @__PURE__ */ UserWithTutorSchema.extend({
  token: z.string().nullable(),
});

/** `POST /api/v1/auth/refresh-token`. */
export const RefreshTokenResponseSchema = z.object({ token: z.string() });

/** Calls with nothing to return. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });

/** A confirmation code went out: when it stops working and when another may be asked for. */
export const CodeSentResponseSchema = z.object({
  ok: z.literal(true),
  expiresAt: isoDateTime,
  resendAt: isoDateTime,
});

/** `GET /api/v1/user/list`. */
export const UserListResponseSchema = pagedSchema(UserSchema);

/** `GET /api/v1/asset/sample`: examples shown to tutors preparing their photo session (URLs or null). */
export const AssetSampleResponseSchema = z.object({
  image: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------
// Requests: accounts and sign-in

/**
 * `POST /api/v1/user/`. Anyone may register as a Student (default) or a Tutor; other roles are
 * accepted only from a signed-in SuperAdmin (server rule, `forbidden` otherwise).
 */
export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  role: /* @__PURE__ */ RoleSchema.default(Role.Student),
  name: /* @__PURE__ */ UserNameSchema.optional(),
  /** The landing site's lead-source link the visitor came through (kept by the web app until sign-up). */
  leadSource: /* @__PURE__ */ LeadSourceRequestSchema.optional(),
});

/**
 * `POST /api/v1/auth/password`. The password is only checked for presence: the rules are never
 * revealed at login, and a wrong one (or an unknown e-mail) answers `wrong-password`.
 */
export const PasswordLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: typeErrorCode }).min(1, { error: 'required' }).max(1024, BAD_REQUEST),
});

/** Roles a Google sign-up may pick; staff accounts are never created this way. */
export const SelfServiceRoleSchema = z.union([z.literal(Role.Student), z.literal(Role.Tutor)], BAD_REQUEST);

/**
 * `POST /api/v1/auth/google`: the ID token from Google Identity Services. `role` applies only when
 * this sign-in creates the account (default Student). `staffOnly` (the back office's sign-in): only an
 * existing staff account signs in; anyone else is `forbidden`, and no account is created or linked.
 */
export const GoogleLoginRequestSchema = z.object({
  credential: z.string({ error: typeErrorCode }).min(1, { error: 'required' }).max(8192, BAD_REQUEST),
  role: /* @__PURE__ */ SelfServiceRoleSchema.optional(),
  staffOnly: z.boolean({ error: typeErrorCode }).optional(),
  /** Like `role`, kept only when this sign-in creates the account (see `RegisterRequestSchema`). */
  leadSource: /* @__PURE__ */ LeadSourceRequestSchema.optional(),
});

/** `POST /api/v1/auth/password/forget`: always answers the same, whether the e-mail exists or not. */
export const ForgetPasswordRequestSchema = z.object({ email: EmailSchema });

/** `PUT /api/v1/auth/password/reset`: the 5-digit code from the e-mail and the new password. */
export const ResetPasswordRequestSchema = z.object({
  email: EmailSchema,
  code: PasswordResetCodeSchema,
  password: PasswordSchema,
});

/**
 * `PUT /api/v1/auth/send-verify-email`: the page the e-mailed link opens; the server appends
 * `?token=…` and accepts only its own front ends' origins.
 */
export const SendVerifyEmailRequestSchema = z.object({
  callbackUrl: z.url({ protocol: /^https?$/, error: 'bad-request' }).max(2048, BAD_REQUEST),
});

/**
 * `PUT /api/v1/auth/verify-email`: exactly one of the link's `token` (works signed out) or the
 * 4-digit `code` (needs the signed-in user).
 */
export const VerifyEmailRequestSchema = z
  .object({
    token: z.string({ error: typeErrorCode }).min(1, { error: 'required' }).max(4096, BAD_REQUEST).optional(),
    code: /* @__PURE__ */ EmailVerificationCodeSchema.optional(),
  })
  .refine((body) => (body.token === undefined) !== (body.code === undefined), BAD_REQUEST);

// ---------------------------------------------------------------------------------------------------
// Requests: users

/** A password change: `current` is required when the account has a password (`wrong-password`). */
export const PasswordChangeSchema = z.object({
  current: z.string({ error: typeErrorCode }).max(1024, BAD_REQUEST).optional(),
  new: PasswordSchema,
});

/**
 * `PUT /api/v1/user/{id}`: every field optional, at least one present (`empty-request`).
 * - the user themself: name, birthYear, gender, city, phone (changing it un-verifies it),
 *   notificationMethod, `image: null` (remove the avatar), password; tutors also bio, about, notice;
 * - staff (rules.md "Staff permissions"): the same profile fields of other users, plus `activated`
 *   (tutors), `verifiedEmail`, and `role` (SuperAdmin only). Nobody raises their own role.
 */
export const UpdateUserRequestSchema = z
  .object({
    name: /* @__PURE__ */ UserNameSchema.optional(),
    birthYear: /* @__PURE__ */ BirthYearSchema.optional(),
    gender: /* @__PURE__ */ GenderSchema.optional(),
    city: /* @__PURE__ */ GovernorateSchema.optional(),
    phone: /* @__PURE__ */ PhoneSchema.optional(),
    notificationMethod: /* @__PURE__ */ MessagingAppSchema.optional(),
    image: z.null(BAD_REQUEST).optional(),
    password: /* @__PURE__ */ PasswordChangeSchema.optional(),
    bio: /* @__PURE__ */ BioSchema.optional(),
    about: /* @__PURE__ */ TutorAboutSchema.optional(),
    notice: /* @__PURE__ */ NoticeSchema.optional(),
    activated: z.boolean(BAD_REQUEST).optional(),
    role: /* @__PURE__ */ RoleSchema.optional(),
    verifiedEmail: z.boolean(BAD_REQUEST).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'empty-request' });

/** Fields only staff may set through `PUT /api/v1/user/{id}`. */
export const STAFF_ONLY_USER_FIELDS = ['activated', 'role', 'verifiedEmail'] as const;
/** Fields only Tutor and TutorManager users carry. */
export const TUTOR_USER_FIELDS = ['bio', 'about', 'notice'] as const;

const queryBoolean = z.enum(['true', 'false'], BAD_REQUEST).transform((value) => value === 'true');

/**
 * `GET /api/v1/user/list` (staff): paged, filtered by role, verified e-mail, governorate, and a text
 * search over name, e-mail and phone.
 */
export const FindUsersQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  role: z.coerce.number(BAD_REQUEST).pipe(RoleSchema).optional(),
  verified: /* @__PURE__ */ queryBoolean.optional(),
  city: z.coerce.number(BAD_REQUEST).pipe(GovernorateSchema).optional(),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
});

/** `PUT /api/v1/user/asset?forUser=`: staff and Studio upload another user's avatar. */
export const UserAssetQuerySchema = z.object({ forUser: /* @__PURE__ */ QueryIdSchema.optional() });

/** `PUT /api/v1/user/asset/tutor?tutorId=`: staff and Studio upload a tutor's media. */
export const TutorAssetQuerySchema = z.object({ tutorId: /* @__PURE__ */ QueryIdSchema.optional() });

// ---------------------------------------------------------------------------------------------------
// Requests: phone verification

/** Phone codes have five digits, like password-reset codes. */
export const PhoneVerificationCodeSchema = PasswordResetCodeSchema;

/**
 * `POST /api/v1/confirmation-code/phone/send`: `phone` replaces the stored one when given;
 * `method` is the messaging app the code goes through (and becomes the notification method).
 */
export const SendPhoneCodeRequestSchema = z.object({
  phone: /* @__PURE__ */ PhoneSchema.optional(),
  method: MessagingAppSchema,
});

/** `POST /api/v1/confirmation-code/phone/verify`. */
export const VerifyPhoneCodeRequestSchema = z.object({ code: PhoneVerificationCodeSchema });

// ---------------------------------------------------------------------------------------------------

export type User = z.infer<typeof UserSchema>;
export type UserWithTutor = z.infer<typeof UserWithTutorSchema>;
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;
export type UpdateUserResponse = z.infer<typeof UpdateUserResponseSchema>;
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponseSchema>;
export type OkResponse = z.infer<typeof OkResponseSchema>;
export type CodeSentResponse = z.infer<typeof CodeSentResponseSchema>;
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
export type AssetSampleResponse = z.infer<typeof AssetSampleResponseSchema>;
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;
export type PasswordLoginRequest = z.infer<typeof PasswordLoginRequestSchema>;
export type GoogleLoginRequest = z.infer<typeof GoogleLoginRequestSchema>;
export type ForgetPasswordRequest = z.infer<typeof ForgetPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
export type SendVerifyEmailRequest = z.infer<typeof SendVerifyEmailRequestSchema>;
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
export type FindUsersQuery = z.input<typeof FindUsersQuerySchema>;
export type UserAssetQuery = z.infer<typeof UserAssetQuerySchema>;
export type TutorAssetQuery = z.infer<typeof TutorAssetQuerySchema>;
export type SendPhoneCodeRequest = z.infer<typeof SendPhoneCodeRequestSchema>;
export type VerifyPhoneCodeRequest = z.infer<typeof VerifyPhoneCodeRequestSchema>;
