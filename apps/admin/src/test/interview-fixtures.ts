import {
  type Interview,
  InterviewStatus,
  type StudioTutor,
  type StudioTutorDetail,
  type TutorOnboarding,
} from '@hiwar/domain';

/**
 * A passed, unsigned interview of the tutor ليلى (id 3) with the TutorManager منى (id 5), as the
 * interviews API answers staff (with the note).
 */
export function makeInterview(overrides: Partial<Interview> = {}): Interview {
  return {
    id: 9,
    interviewer: { id: 5, name: 'منى المديرة', image: null },
    interviewee: { id: 3, name: 'ليلى المعلمة', image: null },
    start: '2026-11-20T10:00:00.000Z',
    end: '2026-11-20T10:30:00.000Z',
    status: InterviewStatus.Passed,
    level: 4,
    feedback: '<p>نطق <strong>ممتاز</strong> وشرح واضح.</p>',
    intervieweeFeedback: 'كانت المقابلة مريحة ومفيدة.',
    note: 'تصلح للمبتدئين والمحادثة.',
    canceledAt: null,
    canceledBy: null,
    signedAt: null,
    signedBy: null,
    chatRoomId: 12,
    createdAt: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-20T10:40:00.000Z',
    ...overrides,
  };
}

/** A tutor on a studio's list: the avatar uploaded, the video and its thumbnail still missing. */
export function makeStudioTutor(overrides: Partial<StudioTutor> = {}): StudioTutor {
  return {
    id: 3,
    name: 'ليلى المعلمة',
    email: 'laila@hiwar.test',
    phone: '01012345678',
    image: 'http://files.test/laila.jpg',
    video: null,
    thumbnail: null,
    missing: ['video', 'thumbnail'],
    studio: { id: 6, name: 'استوديو حوار', image: null },
    activated: false,
    interviewSignedAt: '2026-11-21T09:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeStudioTutorDetail(overrides: Partial<StudioTutorDetail> = {}): StudioTutorDetail {
  return {
    ...makeStudioTutor(),
    bio: 'معلمة إنجليزي بخبرة عشر سنوات في المحادثة',
    about: null,
    gender: 'female',
    ...overrides,
  };
}

/** The tutor ليلى after a passed, signed interview: the studio step is current, the profile waits. */
export function makeOnboarding(overrides: Partial<TutorOnboarding> = {}): TutorOnboarding {
  return {
    tutorId: 3,
    listed: false,
    activated: false,
    missing: ['activated', 'verified-phone', 'video', 'thumbnail'],
    interview: {
      state: 'done',
      standing: 'passed',
      retakeAt: null,
      signed: true,
      latest: makeInterview({ signedAt: '2026-11-21T09:00:00.000Z' }),
    },
    studio: {
      state: 'current',
      assigned: { id: 6, name: 'استوديو حوار', image: null },
      missing: ['video', 'thumbnail'],
    },
    profile: { state: 'waiting', missing: ['verified-phone'], topics: 3 },
    ...overrides,
  };
}
