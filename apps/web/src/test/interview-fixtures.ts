import {
  type Interview,
  type InterviewerOption,
  InterviewStatus,
  localDateTimeToInstant,
  type TutorOnboarding,
  toLocalDate,
  type UncontactedTutor,
} from '@hiwar/domain';

const STAMP = '2026-01-10T09:00:00.000Z';
const MINUTE_MS = 60_000;

/** The tutor (id 3) and the TutorManager (id 21) of the fixtures. */
export const TUTOR = { id: 3, name: 'منى خالد', image: null };
export const MANAGER = { id: 21, name: 'هالة مسؤولة المقابلات', image: null };

/** A start on the 15-minute grid `minutesFromNow` ahead (rounded up). */
export function gridStart(minutesFromNow: number): Date {
  const at = Date.now() + minutesFromNow * MINUTE_MS;
  return new Date(Math.ceil(at / (15 * MINUTE_MS)) * 15 * MINUTE_MS);
}

/** `days` from today at a Cairo wall-clock time (so two starts half an hour apart share a day). */
export function cairoTime(days: number, time = '12:00'): Date {
  const date = toLocalDate(new Date(Date.now() + days * 24 * 3600_000), 'Africa/Cairo');
  return localDateTimeToInstant(date, time, 'Africa/Cairo');
}

/** A pending 30-minute interview of tutor 3 with TutorManager 21, two days ahead unless `start` says. */
export function makeInterview(overrides: Partial<Interview> = {}): Interview {
  const start = overrides.start ?? gridStart(2 * 24 * 60).toISOString();
  return {
    id: 9,
    interviewer: MANAGER,
    interviewee: TUTOR,
    start,
    end: new Date(Date.parse(start) + 30 * MINUTE_MS).toISOString(),
    status: InterviewStatus.Pending,
    level: null,
    feedback: null,
    intervieweeFeedback: null,
    canceledAt: null,
    canceledBy: null,
    signedAt: null,
    signedBy: null,
    chatRoomId: 14,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

type OnboardingOverrides = Partial<Omit<TutorOnboarding, 'interview' | 'studio' | 'profile'>> & {
  interview?: Partial<TutorOnboarding['interview']>;
  studio?: Partial<TutorOnboarding['studio']>;
  profile?: Partial<TutorOnboarding['profile']>;
};

/** `GET /user/tutor/onboarding/3`: a new tutor who has done nothing yet, unless overridden. */
export function makeOnboarding(overrides: OnboardingOverrides = {}): TutorOnboarding {
  const { interview, studio, profile, ...rest } = overrides;
  return {
    tutorId: 3,
    listed: false,
    activated: false,
    missing: ['activated', 'interview', 'verified-phone', 'bio', 'about', 'image', 'video', 'thumbnail'],
    interview: {
      state: 'current',
      standing: 'may-book',
      retakeAt: null,
      signed: false,
      latest: null,
      ...interview,
    },
    studio: { state: 'waiting', assigned: null, missing: ['image', 'video', 'thumbnail'], ...studio },
    profile: { state: 'current', missing: ['verified-phone', 'bio', 'about'], topics: 0, ...profile },
    ...rest,
  };
}

/** The onboarding of a listed tutor: every step done. */
export function listedOnboarding(): TutorOnboarding {
  return makeOnboarding({
    listed: true,
    activated: true,
    missing: [],
    interview: { state: 'done', standing: 'passed', signed: true },
    studio: { state: 'done', missing: [], assigned: { id: 30, name: 'استوديو حوار', image: null } },
    profile: { state: 'done', missing: [], topics: 4 },
  });
}

export function makeInterviewerOption(overrides: Partial<InterviewerOption> = {}): InterviewerOption {
  return {
    interviewer: { ...MANAGER, bio: 'أجري مقابلات المعلمين الجدد منذ ٥ سنوات' },
    times: [gridStart(2 * 24 * 60).toISOString()],
    upcomingInterviews: 1,
    ...overrides,
  };
}

export function makeUncontactedTutor(overrides: Partial<UncontactedTutor> = {}): UncontactedTutor {
  return {
    id: 40,
    name: 'كريم سامي',
    email: 'karim@example.com',
    phone: '01012345678',
    verifiedEmail: true,
    verifiedPhone: false,
    createdAt: new Date(Date.now() - 3 * 24 * 3600_000 - 3600_000).toISOString(),
    ...overrides,
  };
}
