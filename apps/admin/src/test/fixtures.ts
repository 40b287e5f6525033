import {
  type Coupon,
  Gender,
  Governorate,
  type Invite,
  type Lesson,
  MessagingApp,
  PaymentMethod,
  PaymentStatus,
  type Plan,
  PlanPeriod,
  Role,
  type Subscription,
  type Transaction,
  type TutorMeta,
  type User,
} from '@hiwar/domain';

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
    interviewSignedAt: null,
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

/** A plan as `GET /api/v1/plan/list` answers it: 120 minutes a week, 1,100 EGP a month, longer periods cheaper. */
export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 2,
    alias: 'المنتظم',
    weeklyMinutes: 120,
    fullMonthPrice: 110_000,
    fullMonthDiscount: 0,
    fullQuarterPrice: 330_000,
    fullQuarterDiscount: 1000,
    halfYearPrice: 660_000,
    halfYearDiscount: 1500,
    fullYearPrice: 1_320_000,
    fullYearDiscount: 2500,
    forInvitesOnly: false,
    active: true,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

export function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 1,
    code: 'WELCOME-20',
    discount: 2000,
    expiresAt: '2030-01-01T21:59:00.000Z',
    usageLimit: 100,
    uses: 3,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

export function makeInvite(overrides: Partial<Invite> = {}): Invite {
  return {
    id: 1,
    email: 'vip@example.com',
    planId: 9,
    createdBy: 1,
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: '2026-02-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A pending 30-minute lesson of the tutor ليلى (id 3) with the student سارة (id 7), as the lesson lists answer it. */
export function makeLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 11,
    tutor: { id: 3, name: 'ليلى المعلمة', image: null },
    student: { id: 7, name: 'سارة الطالبة', image: null },
    start: '2026-12-01T10:00:00.000Z',
    end: '2026-12-01T10:30:00.000Z',
    duration: 30,
    price: 5000,
    intro: false,
    trial: false,
    status: 'pending',
    canceledBy: null,
    canceledAt: null,
    minutesReturned: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    userId: 4,
    planId: 2,
    transactionId: 11,
    period: PlanPeriod.Month,
    weeklyMinutes: 120,
    start: '2026-01-01T10:00:00.000Z',
    end: '2026-02-01T10:00:00.000Z',
    endedAt: null,
    endReason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A paid card purchase of the quarter period (2,970 EGP after its 10 % discount). */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 11,
    userId: 4,
    planId: 2,
    period: PlanPeriod.Quarter,
    couponCode: null,
    amount: 297_000,
    refundedAmount: 0,
    method: PaymentMethod.Card,
    status: PaymentStatus.Paid,
    fawryRefNumber: '9990001',
    expiresAt: null,
    installment: null,
    bankInstallmentMonths: null,
    failureReason: null,
    grantedBy: null,
    createdAt: '2026-01-01T09:58:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
