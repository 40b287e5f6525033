import { z } from 'zod';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { AssetKind } from '../enums/common.enums.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import type { ListingRequirement } from '../tutors-list/tutor-listing.rules.ts';
import { InterviewMemberSchema, InterviewSchema } from './interview.schemas.ts';

/**
 * Tutor supply (spec §2 "tutor onboarding: book interview, visit the studio, introduce yourself"):
 * where a tutor stands on the way to being listed, the studio's work lists and the TutorManager's
 * list of tutors who never booked an interview.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const flag = z.enum(['true', 'false'], BAD_REQUEST).transform((value) => value === 'true');
const isoDateTime = z.iso.datetime({ offset: true });

/** Every listing requirement (`missingListingRequirements`), in checklist order. */
export const LISTING_REQUIREMENTS = [
  'role',
  'activated',
  'interview',
  'verified-email',
  'verified-phone',
  'name',
  'phone',
  'city',
  'gender',
  'birth-year',
  'bio',
  'about',
  'image',
  'video',
  'thumbnail',
] as const satisfies readonly ListingRequirement[];

/** The three photo-session media a tutor needs (avatar, intro video, its thumbnail). */
export const STUDIO_MEDIA = [AssetKind.Image, AssetKind.Video, AssetKind.Thumbnail] as const;

/** `PUT /api/v1/user/tutor/{tutorId}/studio`: assign the tutor to a Studio member, or unassign (null). */
export const AssignStudioRequestSchema = z
  .object({
    studioId: z
      .number({ error: typeErrorCode })
      .int({ error: 'invalid-type' })
      .positive(BAD_REQUEST)
      .nullable(),
  })
  .strict();

/**
 * `GET /api/v1/user/tutor/all/for/studio`: tutors of a studio (a Studio member sees only their own;
 * admins any `studioId`, or `unassigned=true`), optionally only those still lacking media, by name,
 * e-mail or phone.
 */
export const StudioTutorsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  studioId: /* @__PURE__ */ QueryIdSchema.optional(),
  unassigned: /* @__PURE__ */ flag.optional(),
  missing: /* @__PURE__ */ flag.optional(),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
});

/** A tutor on a studio's list: contact, media (public URLs) and which of them are still missing. */
export const StudioTutorSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  missing: z.array(z.enum(AssetKind)),
  studio: /* @__PURE__ */ InterviewMemberSchema.nullable(),
  activated: z.boolean(),
  interviewSignedAt: /* @__PURE__ */ isoDateTime.nullable(),
  createdAt: isoDateTime,
});

/** `GET /api/v1/user/tutor/{tutorId}/for/studio`: one tutor's media with what the studio needs of the profile. */
export const StudioTutorDetailSchema = /* @__PURE__ */ StudioTutorSchema.extend({
  bio: z.string().nullable(),
  about: z.string().nullable(),
  gender: z.string().nullable(),
});

export const StudioTutorListResponseSchema = pagedSchema(StudioTutorSchema);

/** `GET /api/v1/user/tutor/list/uncontacted`: registered tutors who never booked an interview. */
export const UncontactedTutorsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
});

export const UncontactedTutorSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  verifiedEmail: z.boolean(),
  verifiedPhone: z.boolean(),
  /** When they registered: the screen says how long ago. */
  createdAt: isoDateTime,
});

export const UncontactedTutorListResponseSchema = pagedSchema(UncontactedTutorSchema);

/** A step of the onboarding flow: done, the one to do now, or waiting for an earlier one or for staff. */
export const OnboardingStepState = { Done: 'done', Current: 'current', Waiting: 'waiting' } as const;
export type OnboardingStepState = (typeof OnboardingStepState)[keyof typeof OnboardingStepState];

/**
 * `GET /api/v1/user/tutor/onboarding/{id}`: the tutor's way to being listed (the tutor themself, or
 * staff). Three steps — the interview, the studio, the profile — then activation by staff.
 */
export const TutorOnboardingSchema = z.object({
  tutorId: z.number().int().positive(),
  listed: z.boolean(),
  activated: z.boolean(),
  /** Unmet listing requirements, in checklist order; empty when listed. */
  missing: z.array(z.enum(LISTING_REQUIREMENTS)),
  interview: z.object({
    state: z.enum(OnboardingStepState),
    /** `may-book`, `pending` (booked, or held and awaiting an outcome), `passed`, `wait` (a retake later). */
    standing: z.enum(['may-book', 'pending', 'passed', 'wait']),
    retakeAt: /* @__PURE__ */ isoDateTime.nullable(),
    signed: z.boolean(),
    /** The latest interview (pending, or the last outcome); null when none was ever booked. */
    latest: /* @__PURE__ */ InterviewSchema.nullable(),
  }),
  studio: z.object({
    state: z.enum(OnboardingStepState),
    assigned: /* @__PURE__ */ InterviewMemberSchema.nullable(),
    missing: z.array(z.enum(AssetKind)),
  }),
  profile: z.object({
    state: z.enum(OnboardingStepState),
    /** Profile fields still empty or unverified (bio, about, verified phone, …). */
    missing: z.array(z.enum(LISTING_REQUIREMENTS)),
    topics: z.number().int().nonnegative(),
  }),
});

export type AssignStudioRequest = z.infer<typeof AssignStudioRequestSchema>;
export type StudioTutorsQuery = Partial<z.output<typeof StudioTutorsQuerySchema>>;
export type StudioTutor = z.infer<typeof StudioTutorSchema>;
export type StudioTutorDetail = z.infer<typeof StudioTutorDetailSchema>;
export type StudioTutorListResponse = z.infer<typeof StudioTutorListResponseSchema>;
export type UncontactedTutorsQuery = Partial<z.output<typeof UncontactedTutorsQuerySchema>>;
export type UncontactedTutor = z.infer<typeof UncontactedTutorSchema>;
export type UncontactedTutorListResponse = z.infer<typeof UncontactedTutorListResponseSchema>;
export type TutorOnboarding = z.infer<typeof TutorOnboardingSchema>;
