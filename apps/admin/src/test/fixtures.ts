import { Gender, Governorate, MessagingApp, Role, type TutorMeta, type User } from '@hiwar/domain';

/** A user as `GET /api/v1/user/{id}` answers it (every field of the contract), with overrides. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'superadmin@hiwar.test',
    name: 'سارة المدير',
    role: Role.SuperAdmin,
    birthYear: 1990,
    gender: Gender.Female,
    city: Governorate.Cairo,
    phone: '01012345678',
    image: null,
    verifiedEmail: true,
    verifiedPhone: true,
    hasPassword: true,
    creditScore: 0,
    notificationMethod: MessagingApp.Whatsapp,
    timezone: 'Africa/Cairo',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-02-01T08:30:00.000Z',
    ...overrides,
  };
}

export function makeTutorMeta(overrides: Partial<TutorMeta> = {}): TutorMeta {
  return {
    id: 3,
    bio: 'معلمة إنجليزي بخبرة عشر سنوات في المحادثة',
    about: 'أساعد المتعلمين المصريين على التحدث بثقة من خلال دروس قصيرة ومركّزة على المواقف اليومية والعمل.',
    video: null,
    thumbnail: null,
    activated: false,
    activatedBy: null,
    notice: 14,
    ...overrides,
  };
}

export const superAdmin = makeUser();
export const regularAdmin = makeUser({
  id: 2,
  email: 'admin@hiwar.test',
  name: 'أحمد الإداري',
  role: Role.RegularAdmin,
});
export const tutorManager = makeUser({
  id: 5,
  email: 'manager@hiwar.test',
  name: 'منى المديرة',
  role: Role.TutorManager,
});
export const studio = makeUser({
  id: 6,
  email: 'studio@hiwar.test',
  name: 'استوديو حوار',
  role: Role.Studio,
});
export const student = makeUser({
  id: 4,
  email: 'student@hiwar.test',
  name: 'كريم الطالب',
  role: Role.Student,
});
export const tutor = makeUser({ id: 3, email: 'tutor@hiwar.test', name: 'ليلى المعلمة', role: Role.Tutor });

/** `count` distinct students, newest first like the server's list. */
export function makeStudents(count: number, startId = 100): User[] {
  return Array.from({ length: count }, (_, index) =>
    makeUser({
      id: startId + count - index,
      email: `student${startId + count - index}@example.com`,
      name: `طالب رقم ${index + 1}`,
      role: Role.Student,
      city: Governorate.Giza,
      verifiedEmail: index % 2 === 0,
    }),
  );
}
