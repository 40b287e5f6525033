import {
  AppError,
  AssetKind,
  type AssignStudioRequest,
  interviewStanding,
  type ListingRequirement,
  missingListingRequirements,
  OnboardingStepState,
  Role,
  type StudioTutor,
  type StudioTutorDetail,
  type StudioTutorsQuerySchema,
  type TutorOnboarding,
} from '@hiwar/domain';
import type { z } from 'zod';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { listingFacts } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { mayReadUser } from '../users/staff-reach.ts';
import { findUserById, type UserRow, updateTutorRow } from '../users/users.repository.ts';
import {
  countUserTopics,
  findInterviewHistory,
  findInterviewViews,
  findLatestInterviewId,
  findStudioTutorRow,
  findStudioTutorRows,
  type StudioTutorRow,
} from './interviews.repository.ts';
import { toInterview } from './interviews.service.ts';

export type TutorSupplyDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  tutorsCache: TutorsCache;
  clock: () => Date;
};

type StudioTutorsInput = z.output<typeof StudioTutorsQuerySchema>;

/** The listing requirements the tutor meets by filling in their profile (step 3). */
const PROFILE_REQUIREMENTS: readonly ListingRequirement[] = [
  'verified-email',
  'verified-phone',
  'name',
  'phone',
  'city',
  'gender',
  'birth-year',
  'bio',
  'about',
];

/** Which photo-session media a tutor still lacks. */
function missingMedia(row: Pick<StudioTutorRow, 'user' | 'tutor'>): AssetKind[] {
  const missing: AssetKind[] = [];
  if (!row.user.image) {
    missing.push(AssetKind.Image);
  }
  if (!row.tutor.video) {
    missing.push(AssetKind.Video);
  }
  if (!row.tutor.thumbnail) {
    missing.push(AssetKind.Thumbnail);
  }
  return missing;
}

/**
 * Tutor supply around the interview (spec §2 "tutor onboarding"; rules.md photo sessions): where a
 * tutor stands on the way to being listed, the studio's lists of tutors and their media, and staff
 * assigning a tutor to a Studio member.
 */
export function createTutorSupplyService(deps: TutorSupplyDeps) {
  const { db, files, clock } = deps;
  const url = (name: string | null) => (name ? files.uploadUrl(name) : null);

  function toStudioTutor(row: StudioTutorRow): StudioTutor {
    return {
      id: row.user.id,
      name: row.user.name,
      email: row.user.email,
      phone: row.user.phone,
      image: url(row.user.image),
      video: url(row.tutor.video),
      thumbnail: url(row.tutor.thumbnail),
      missing: missingMedia(row),
      studio: row.studio && { ...row.studio, image: url(row.studio.image) },
      activated: row.tutor.activated,
      interviewSignedAt: row.tutor.interviewSignedAt?.toISOString() ?? null,
      createdAt: row.user.createdAt.toISOString(),
    };
  }

  function toDetail(row: StudioTutorRow): StudioTutorDetail {
    return { ...toStudioTutor(row), bio: row.tutor.bio, about: row.tutor.about, gender: row.user.gender };
  }

  /** A Studio member reaches only the tutors assigned to them; admins any tutor. */
  async function studioTutorFor(caller: UserRow, tutorId: number): Promise<StudioTutorRow> {
    const row = await findStudioTutorRow(db, tutorId);
    if (!row) {
      throw new AppError('tutor-not-found');
    }
    if (!isAdmin(caller) && row.tutor.studioId !== caller.id) {
      throw forbidden();
    }
    return row;
  }

  return {
    /**
     * `GET /user/tutor/onboarding/{id}`: the tutor themself, or staff who may read them (decision
     * 0045: admins; a TutorManager for the tutors they interview or that await an interviewer; a
     * Studio member for their own tutors).
     */
    async getOnboarding(caller: UserRow, tutorId: number): Promise<TutorOnboarding> {
      const row = await findStudioTutorRow(db, tutorId);
      if (!isAdmin(caller) && !(await mayReadUser(db, caller, tutorId))) {
        throw forbidden();
      }
      if (!row) {
        throw new AppError('tutor-not-found');
      }
      const now = clock();
      const facts = listingFacts(row.user, row.tutor);
      const missing = missingListingRequirements(facts.tutor, facts.user);
      const [history, latestId, topics] = await Promise.all([
        findInterviewHistory(db, tutorId),
        findLatestInterviewId(db, tutorId),
        countUserTopics(db, tutorId),
      ]);
      const [latestView] = latestId === null ? [] : await findInterviewViews(db, [latestId]);
      const standing = interviewStanding(history, now);
      const signed = row.tutor.interviewSignedAt !== null;
      const media = missingMedia(row);
      const profileMissing = missing.filter((item) => PROFILE_REQUIREMENTS.includes(item));
      const later = signed ? OnboardingStepState.Current : OnboardingStepState.Waiting;
      return {
        tutorId,
        listed: missing.length === 0,
        activated: row.tutor.activated,
        missing,
        interview: {
          state: signed ? OnboardingStepState.Done : OnboardingStepState.Current,
          standing: standing.kind,
          retakeAt: standing.kind === 'wait' ? standing.retakeAt.toISOString() : null,
          signed,
          latest: latestView ? toInterview(latestView, files, caller) : null,
        },
        studio: {
          state: media.length === 0 ? OnboardingStepState.Done : later,
          assigned: row.studio && { ...row.studio, image: url(row.studio.image) },
          missing: media,
        },
        profile: {
          state: profileMissing.length === 0 ? OnboardingStepState.Done : later,
          missing: profileMissing,
          topics,
        },
      };
    },

    /**
     * `GET /user/tutor/all/for/studio`: a Studio member's own tutors (another `studioId` is
     * forbidden); admins any studio's, the unassigned, or all.
     */
    async findStudioTutors(caller: UserRow, query: StudioTutorsInput) {
      const admin = isAdmin(caller);
      if (!admin && ((query.studioId !== undefined && query.studioId !== caller.id) || query.unassigned)) {
        throw forbidden();
      }
      const { rows, total } = await findStudioTutorRows(
        db,
        {
          studioId: admin ? query.studioId : caller.id,
          unassigned: query.unassigned,
          missing: query.missing,
          search: query.search,
        },
        query,
      );
      return { list: rows.map(toStudioTutor), total };
    },

    /** `GET /user/tutor/{tutorId}/for/studio`: one tutor's media and profile. */
    async getStudioTutor(caller: UserRow, tutorId: number): Promise<StudioTutorDetail> {
      return toDetail(await studioTutorFor(caller, tutorId));
    },

    /** `PUT /user/tutor/{tutorId}/studio`: admins assign a tutor to a Studio member, or unassign. */
    async assignStudio(tutorId: number, input: AssignStudioRequest): Promise<StudioTutorDetail> {
      const row = await findStudioTutorRow(db, tutorId);
      if (!row) {
        throw new AppError('tutor-not-found');
      }
      if (input.studioId !== null) {
        const studio = await findUserById(db, input.studioId);
        if (!studio || studio.role !== Role.Studio) {
          throw new AppError('user-not-found');
        }
      }
      await updateTutorRow(db, tutorId, { studioId: input.studioId });
      return toDetail((await findStudioTutorRow(db, tutorId))!);
    },

    /** Whether a Studio member may manage this user's media: tutors assigned to them only. */
    async isAssignedTo(studioId: number, tutorId: number): Promise<boolean> {
      const row = await findStudioTutorRow(db, tutorId);
      return row?.tutor.studioId === studioId;
    },
  };
}

export type TutorSupplyService = ReturnType<typeof createTutorSupplyService>;
