import { type Lesson, LessonStatus, type Rating, Role, type TutorCard, type TutorInfo } from '@hiwar/domain';

const STAMP = '2026-01-10T09:00:00.000Z';

export function makeTutorCard(overrides: Partial<TutorCard> = {}): TutorCard {
  return {
    id: 3,
    role: Role.Tutor,
    name: 'منى خالد',
    image: '',
    gender: 'female',
    bio: 'معلمة إنجليزي بخبرة ١٠ سنوات',
    topics: [{ id: 1, nameAr: 'محادثة', nameEn: 'Conversation' }],
    rating: 4.8,
    ratingCount: 12,
    lessonCount: 140,
    studentCount: 30,
    notice: 14,
    video: '',
    thumbnail: '',
    nextAvailableAt: null,
    ...overrides,
  };
}

export function makeTutorInfo(overrides: Partial<TutorInfo> = {}): TutorInfo {
  return { ...makeTutorCard(), about: 'أساعدك على التحدث بثقة.', listed: true, ...overrides };
}

export function makeLesson(overrides: Partial<Lesson> = {}): Lesson {
  const start = overrides.start ?? new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const duration = overrides.duration ?? 30;
  return {
    id: 50,
    tutor: { id: 3, name: 'منى خالد', image: null },
    student: { id: 12, name: 'سارة أحمد', image: null },
    start,
    end: new Date(Date.parse(start) + duration * 60_000).toISOString(),
    duration,
    price: 7500,
    intro: false,
    trial: false,
    status: LessonStatus.Pending,
    canceledBy: null,
    canceledAt: null,
    minutesReturned: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeRating(overrides: Partial<Rating> = {}): Rating {
  return {
    id: 1,
    raterId: 12,
    rateeId: 3,
    rater: { id: 12, name: 'سارة أحمد', image: null },
    value: 5,
    text: 'معلمة رائعة',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}
