import {
  addLocalDays,
  Gender,
  Governorate,
  LessonCanceler,
  localDateTimeToInstant,
  MessagingApp,
  PaymentStatus,
  PLATFORM_SETTINGS_DEFAULTS,
  PlanPeriod,
  Role,
  subscriptionEnd,
  toLocalDate,
  tutorEarning,
  weekDates,
} from '@hiwar/domain';
import { inArray, max } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { availabilitySlots, lessons, plans, ratings, topics, users, userTopics } from '../db/schema.ts';
import { AVATAR, processImage, THUMBNAIL } from '../modules/assets/media.ts';
import type { StoredFiles } from '../modules/assets/stored-files.ts';
import { ensurePairRoom } from '../modules/chat/rooms.repository.ts';
import { scheduleLessonReminders } from '../modules/lessons/lesson-reminders.repository.ts';
import { insertTransaction } from '../modules/payments/transactions.repository.ts';
import { insertSubscription } from '../modules/subscriptions/subscriptions.repository.ts';
import {
  ensureTutor,
  findUserByEmail,
  insertUser,
  type UserRow,
  updateTutorRow,
  updateUserRow,
} from '../modules/users/users.repository.ts';

/**
 * The demo marketplace (local mode): topics, a dozen listed tutors each with their own generated
 * portrait, intro poster and intro video, topics, their availability over the next two weeks, students
 * with subscriptions, lessons already given (with ratings dated after them, over the past weeks) and
 * lessons to come. Added once, on a database without topics yet; the demo tutor and tutor manager
 * accounts are completed so they are listed too. `topUpDemoAvailability` runs at every start so an old
 * database keeps bookable times in the current and the next week.
 */

export const DEMO_TOPICS: ReadonlyArray<{ nameAr: string; nameEn: string }> = [
  { nameAr: 'محادثة يومية', nameEn: 'Everyday conversation' },
  { nameAr: 'قواعد اللغة', nameEn: 'Grammar' },
  { nameAr: 'النطق واللهجة', nameEn: 'Pronunciation' },
  { nameAr: 'إنجليزي الأعمال', nameEn: 'Business English' },
  { nameAr: 'مقابلات العمل', nameEn: 'Job interviews' },
  { nameAr: 'تحضير آيلتس', nameEn: 'IELTS preparation' },
  { nameAr: 'تحضير توفل', nameEn: 'TOEFL preparation' },
  { nameAr: 'إنجليزي للأطفال', nameEn: 'English for kids' },
  { nameAr: 'الكتابة الأكاديمية', nameEn: 'Academic writing' },
  { nameAr: 'إنجليزي السفر', nameEn: 'Travel English' },
  { nameAr: 'للمبتدئين', nameEn: 'Beginners' },
  { nameAr: 'المفردات', nameEn: 'Vocabulary' },
  { nameAr: 'الاستماع والفهم', nameEn: 'Listening' },
  { nameAr: 'الإنجليزية الطبية', nameEn: 'Medical English' },
  { nameAr: 'الإنجليزية الهندسية', nameEn: 'Engineering English' },
  { nameAr: 'الأدب الإنجليزي', nameEn: 'English literature' },
];

type DemoTutor = {
  name: string;
  gender: Gender;
  birthYear: number;
  city: Governorate;
  bio: string;
  about: string;
  notice: number;
  /** Indexes into DEMO_TOPICS. */
  topics: readonly number[];
  /** Local windows `HH:mm-HH:mm` on the days of the week it teaches (0 Sunday … 6 Saturday). */
  days: readonly number[];
  hours: readonly string[];
};

const about = (intro: string) =>
  `${intro} أجهّز كل درس حسب مستواك وأهدافك، وأشاركك بعد الدرس ملخصًا بالكلمات الجديدة وتمارين قصيرة للمراجعة.`;

export const DEMO_TUTORS: readonly DemoTutor[] = [
  {
    name: 'هبة مصطفى',
    gender: Gender.Female,
    birthYear: 1991,
    city: Governorate.Cairo,
    bio: 'مدرسة محادثة ونطق بخبرة ثماني سنوات مع الكبار',
    about: about('أهلًا، أنا هبة. درست الأدب الإنجليزي في جامعة القاهرة وأدرّس المحادثة منذ ثماني سنوات.'),
    notice: 14,
    topics: [0, 2, 11],
    days: [6, 0, 1, 2, 3],
    hours: ['09:00-12:00', '18:00-21:00'],
  },
  {
    name: 'عمر الشريف',
    gender: Gender.Male,
    birthYear: 1987,
    city: Governorate.Alexandria,
    bio: 'إنجليزي الأعمال ومقابلات العمل للمهندسين والمحاسبين',
    about: about('أنا عمر، عملت عشر سنوات في شركات متعددة الجنسيات وأساعدك على التحدث بثقة في العمل.'),
    notice: 21,
    topics: [3, 4, 14],
    days: [0, 1, 2, 3, 4],
    hours: ['19:00-23:00'],
  },
  {
    name: 'ياسمين فؤاد',
    gender: Gender.Female,
    birthYear: 1994,
    city: Governorate.Giza,
    bio: 'تحضير آيلتس وتوفل والكتابة الأكاديمية بخطة واضحة',
    about: about('أنا ياسمين، حصلت على 8.5 في آيلتس وأحضّر الطلاب للامتحانات الدولية منذ خمس سنوات.'),
    notice: 30,
    topics: [5, 6, 8],
    days: [6, 1, 3, 5],
    hours: ['10:00-14:00', '20:00-22:00'],
  },
  {
    name: 'محمود عبد الرحمن',
    gender: Gender.Male,
    birthYear: 1985,
    city: Governorate.Dakahlia,
    bio: 'قواعد اللغة للمبتدئين بطريقة بسيطة وتمارين عملية',
    about: about('أنا محمود، مدرس لغة إنجليزية في المدارس منذ خمسة عشر عامًا، وأحب تبسيط القواعد.'),
    notice: 14,
    topics: [1, 10, 11],
    days: [6, 0, 2, 4],
    hours: ['16:00-20:00'],
  },
  {
    name: 'نورهان سامي',
    gender: Gender.Female,
    birthYear: 1996,
    city: Governorate.Cairo,
    bio: 'دروس ممتعة للأطفال من سن ست سنوات بالألعاب والقصص',
    about: about('أنا نورهان، متخصصة في تعليم الأطفال بالأنشطة والقصص والأغاني القصيرة.'),
    notice: 14,
    topics: [7, 10, 12],
    days: [6, 0, 1, 2, 3, 4],
    hours: ['15:00-19:00'],
  },
  {
    name: 'كريم منصور',
    gender: Gender.Male,
    birthYear: 1990,
    city: Governorate.PortSaid,
    bio: 'إنجليزي السفر والمحادثة السريعة قبل رحلتك القادمة',
    about: about('أنا كريم، سافرت إلى أكثر من عشرين دولة وأعلّمك ما تحتاجه فعلًا في المطار والفندق.'),
    notice: 10,
    topics: [9, 0, 12],
    days: [5, 6, 0],
    hours: ['11:00-15:00', '21:00-23:30'],
  },
  {
    name: 'دينا حلمي',
    gender: Gender.Female,
    birthYear: 1989,
    city: Governorate.Giza,
    bio: 'الإنجليزية الطبية للأطباء والصيادلة وطلاب الطب',
    about: about('أنا دينا، صيدلانية ومدرسة لغة، أساعد الأطباء على التواصل مع المرضى والزملاء بالإنجليزية.'),
    notice: 21,
    topics: [13, 11, 8],
    days: [1, 2, 3, 4],
    hours: ['08:00-10:00', '20:00-23:00'],
  },
  {
    name: 'أحمد فاروق',
    gender: Gender.Male,
    birthYear: 1983,
    city: Governorate.Sharkia,
    bio: 'الإنجليزية الهندسية وكتابة التقارير والعروض التقديمية',
    about: about('أنا أحمد، مهندس مدني سابقًا، وأدرّس المصطلحات الهندسية وكتابة التقارير الفنية.'),
    notice: 14,
    topics: [14, 3, 8],
    days: [6, 0, 1],
    hours: ['17:00-21:00'],
  },
  {
    name: 'سارة عادل',
    gender: Gender.Female,
    birthYear: 1993,
    city: Governorate.Alexandria,
    bio: 'الأدب الإنجليزي والقراءة الممتعة لتوسيع مفرداتك',
    about: about('أنا سارة، أحب الروايات الإنجليزية وأقرأ معك قصصًا قصيرة نناقشها ونتعلم منها.'),
    notice: 14,
    topics: [15, 11, 12],
    days: [2, 3, 4, 5],
    hours: ['12:00-16:00'],
  },
  {
    name: 'مصطفى رمضان',
    gender: Gender.Male,
    birthYear: 1992,
    city: Governorate.Asyut,
    bio: 'محادثة يومية للمبتدئين بدون خوف من الأخطاء',
    about: about('أنا مصطفى، أؤمن أن الخطأ جزء من التعلم، وأساعدك على الكلام من الدرس الأول.'),
    notice: 14,
    topics: [0, 10, 1],
    days: [6, 0, 1, 2, 3, 4, 5],
    hours: ['07:00-09:00', '22:00-23:45'],
  },
  {
    name: 'ريم عبد العزيز',
    gender: Gender.Female,
    birthYear: 1995,
    city: Governorate.Monufia,
    bio: 'تحضير مقابلات العمل وكتابة السيرة الذاتية بالإنجليزية',
    about: about('أنا ريم، أخصائية توظيف سابقة، أدربك على أسئلة المقابلات الشائعة وأراجع سيرتك الذاتية.'),
    notice: 14,
    topics: [4, 3, 0],
    days: [0, 2, 4, 6],
    hours: ['10:00-13:00', '18:00-20:00'],
  },
  {
    name: 'طارق نبيل',
    gender: Gender.Male,
    birthYear: 1988,
    city: Governorate.Luxor,
    bio: 'الاستماع والفهم بالأفلام والبودكاست بلهجات مختلفة',
    about: about('أنا طارق، مرشد سياحي سابق، أدرّبك على فهم اللهجات البريطانية والأمريكية والأسترالية.'),
    notice: 14,
    topics: [12, 2, 9],
    days: [1, 3, 5],
    hours: ['14:00-18:00'],
  },
];

/** The demo tutor and tutor manager accounts (made in demo.ts), listed with these hours and topics. */
const DEMO_ACCOUNT_TUTORS: ReadonlyArray<[string, DemoTutor]> = [
  [
    'tutor@hiwar.test',
    { ...DEMO_TUTORS[0]!, topics: [0, 2, 12], hours: ['13:00-17:00'], days: [6, 0, 1, 3] },
  ],
  [
    'manager@hiwar.test',
    { ...DEMO_TUTORS[9]!, topics: [10, 0], hours: ['12:00-14:00'], days: [0, 1, 2, 3, 4] },
  ],
];

/** Every demo tutor's e-mail with their teaching days and hours: the marketplace's and the two accounts. */
export function demoTutorSchedules(): ReadonlyArray<[string, DemoTutor]> {
  return [
    ...DEMO_TUTORS.map((spec, index): [string, DemoTutor] => [`tutor${index + 1}@hiwar.test`, spec]),
    ...DEMO_ACCOUNT_TUTORS,
  ];
}

/**
 * A tutor's windows on the given local dates (their hours on the weekdays they teach, Cairo wall clock),
 * leaving out any that would not start after `now`.
 */
function demoWindows(tutorId: number, spec: DemoTutor, dates: readonly string[], now: Date) {
  const windows: Array<{ tutorId: number; startsAt: Date; endsAt: Date }> = [];
  for (const date of dates) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (!spec.days.includes(weekday)) {
      continue;
    }
    for (const hours of spec.hours) {
      const [from, to] = hours.split('-') as [string, string];
      const startsAt = localDateTimeToInstant(date, from);
      if (startsAt.getTime() > now.getTime()) {
        windows.push({ tutorId, startsAt, endsAt: localDateTimeToInstant(date, to) });
      }
    }
  }
  return windows;
}

/** The local dates from `first` to `last`, both included (empty when `first` is after `last`). */
function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addLocalDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

/**
 * Keeps the demo bookable (run at every start): each demo tutor whose windows run out before the end
 * of next week (Saturday-to-Friday weeks, Cairo) gets their usual hours from the day after their last
 * window (today at the earliest) to that Friday. Idempotent: a second run finds the windows there and
 * adds nothing; windows a tutor removed before their last one are not put back. Answers how many
 * windows it added.
 */
export async function topUpDemoAvailability(db: Database, now: Date = new Date()): Promise<number> {
  const schedules = new Map(demoTutorSchedules());
  const tutors = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...schedules.keys()]));
  if (tutors.length === 0) {
    return 0;
  }
  const lastEnds = await db
    .select({ tutorId: availabilitySlots.tutorId, lastEnd: max(availabilitySlots.endsAt) })
    .from(availabilitySlots)
    .where(
      inArray(
        availabilitySlots.tutorId,
        tutors.map((tutor) => tutor.id),
      ),
    )
    .groupBy(availabilitySlots.tutorId);
  const lastEndOf = new Map(lastEnds.map((row) => [row.tutorId, row.lastEnd]));
  const today = toLocalDate(now);
  const lastDate = weekDates(addLocalDays(today, 7)).at(-1)!;
  const windows = tutors.flatMap((tutor) => {
    const lastEnd = lastEndOf.get(tutor.id);
    const afterLast = lastEnd ? addLocalDays(toLocalDate(lastEnd), 1) : today;
    const first = afterLast > today ? afterLast : today;
    return demoWindows(tutor.id, schedules.get(tutor.email)!, datesBetween(first, lastDate), now);
  });
  if (windows.length > 0) {
    await db.insert(availabilitySlots).values(windows);
  }
  return windows.length;
}

/** Demo students beside student@hiwar.test, each with a subscription. */
const DEMO_STUDENTS: ReadonlyArray<{ name: string; gender: Gender; birthYear: number; city: Governorate }> = [
  { name: 'مريم خالد', gender: Gender.Female, birthYear: 2001, city: Governorate.Cairo },
  { name: 'علي حسن', gender: Gender.Male, birthYear: 1998, city: Governorate.Giza },
  { name: 'فاطمة الزهراء', gender: Gender.Female, birthYear: 2003, city: Governorate.Alexandria },
  { name: 'يوسف إبراهيم', gender: Gender.Male, birthYear: 1996, city: Governorate.Dakahlia },
  { name: 'آية محمود', gender: Gender.Female, birthYear: 2000, city: Governorate.Sharkia },
  { name: 'حسام الدين', gender: Gender.Male, birthYear: 1993, city: Governorate.Cairo },
  { name: 'ملك أشرف', gender: Gender.Female, birthYear: 2005, city: Governorate.Qalyubia },
  { name: 'زياد وائل', gender: Gender.Male, birthYear: 1999, city: Governorate.PortSaid },
];

const RATING_TEXTS = [
  'درس ممتاز ومنظم، استفدت كثيرًا',
  'مدرس صبور ويشرح بوضوح',
  'تحسّن نطقي بشكل ملحوظ بعد عدة دروس',
  'أسلوب ممتع وأنصح به بشدة',
  'جيد جدًا لكن أتمنى واجبات أكثر',
];

/** A 32-bit FNV-1a hash: the same seed draws the same person on every machine. */
function hashOf(seed: string): number {
  let hash = 0x81_1c_9d_c5;
  for (const char of seed) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01_00_01_93) >>> 0;
  }
  return hash;
}

const SKIN_TONES = ['#f5d0b0', '#eab98f', '#d9a074', '#c68a5c', '#a96f45', '#8b5535'] as const;
const HAIR_COLOURS = ['#231815', '#3a2619', '#55361f', '#1b1b1f', '#6d4527', '#2e2a28'] as const;

/** How a demo person looks: picked from the seed (and their gender, when known) so each one differs. */
type DemoLook = {
  hue: number;
  skin: string;
  hair: string;
  shirt: string;
  style: 'short' | 'curly' | 'bald' | 'long' | 'bun' | 'hijab';
  glasses: boolean;
  beard: boolean;
};

function demoLook(seed: string, gender?: string | null): DemoLook {
  const hash = hashOf(seed);
  const pick = <T>(list: readonly T[], shift: number): T => list[(hash >>> shift) % list.length]!;
  const female = gender ? gender === Gender.Female : (hash & 1) === 1;
  const hue = hash % 360;
  return {
    hue,
    skin: pick(SKIN_TONES, 3),
    hair: pick(HAIR_COLOURS, 7),
    shirt: `hsl(${(hue + 150 + ((hash >>> 11) % 90)) % 360},45%,42%)`,
    style: female
      ? pick(['long', 'bun', 'hijab', 'hijab', 'long'] as const, 13)
      : pick(['short', 'curly', 'bald', 'short'] as const, 13),
    glasses: (hash >>> 17) % 3 === 0,
    beard: !female && (hash >>> 19) % 2 === 0,
  };
}

/** A head-and-shoulders figure drawn in a 480 × 480 box (SVG elements, no text: no fonts needed). */
function figureSvg(look: DemoLook): string {
  const { skin, hair } = look;
  const hijab = `hsl(${(look.hue + 200) % 360},35%,${look.style === 'hijab' ? 38 : 50}%)`;
  const back =
    {
      long: `<path d="M146 210 C140 110 340 110 334 210 L348 350 C300 372 180 372 132 350 Z" fill="${hair}"/>`,
      hijab: `<path d="M128 236 C118 340 150 384 240 392 C330 384 362 340 352 236 Z" fill="${hijab}"/><ellipse cx="240" cy="205" rx="104" ry="112" fill="${hijab}"/>`,
      bun: `<circle cx="240" cy="104" r="34" fill="${hair}"/>`,
    }[look.style as 'long' | 'hijab' | 'bun'] ?? '';
  const front = {
    short: `<path d="M162 196 C156 120 222 104 250 108 C306 112 330 152 318 198 C302 160 270 148 240 150 C206 152 180 166 162 196 Z" fill="${hair}"/>`,
    curly: [150, 178, 206, 234, 262, 290, 318]
      .map((x, i) => `<circle cx="${x + 6}" cy="${i % 2 ? 128 : 138}" r="26" fill="${hair}"/>`)
      .join(''),
    bald: `<path d="M176 150 C200 124 280 124 304 150" stroke="${hair}" stroke-width="6" fill="none" opacity="0.35"/>`,
    long: `<path d="M160 204 C154 126 220 106 246 108 C300 110 330 150 320 206 C296 164 262 150 236 152 C206 154 178 172 160 204 Z" fill="${hair}"/>`,
    bun: `<path d="M162 196 C158 128 220 110 244 110 C300 112 328 152 318 198 C296 162 266 150 240 150 C208 152 182 166 162 196 Z" fill="${hair}"/>`,
    hijab: '',
  }[look.style];
  const headRadius = look.style === 'hijab' ? 70 : 78;
  const ears =
    look.style === 'hijab'
      ? ''
      : `<circle cx="163" cy="208" r="14" fill="${skin}"/><circle cx="317" cy="208" r="14" fill="${skin}"/>`;
  const beard = look.beard
    ? `<path d="M166 212 C168 300 312 300 314 212 C300 262 180 262 166 212 Z" fill="${hair}" opacity="0.92"/>`
    : '';
  const glasses = look.glasses
    ? `<g stroke="#1f2937" stroke-width="4" fill="none"><circle cx="212" cy="205" r="20"/><circle cx="268" cy="205" r="20"/><path d="M232 205 H248"/></g>`
    : '';
  return `${back}
  <rect x="212" y="250" width="56" height="70" rx="22" fill="${skin}"/>
  <path d="M70 480 C78 372 156 322 240 322 C324 322 402 372 410 480 Z" fill="${look.shirt}"/>
  <path d="M206 324 L240 366 L274 324" fill="none" stroke="rgba(255,255,255,0.55)" stroke-width="6"/>
  ${ears}<circle cx="240" cy="204" r="${headRadius}" fill="${skin}"/>
  ${front}${beard}
  <circle cx="212" cy="206" r="7" fill="#2b2b2b"/><circle cx="268" cy="206" r="7" fill="#2b2b2b"/>
  <path d="M198 186 Q212 178 226 186 M254 186 Q268 178 282 186" stroke="${look.hair}" stroke-width="5" fill="none" stroke-linecap="round"/>
  <circle cx="190" cy="232" r="12" fill="#e2767a" opacity="0.22"/><circle cx="290" cy="232" r="12" fill="#e2767a" opacity="0.22"/>
  <path d="M216 240 Q240 262 264 240" stroke="#7a3b2e" stroke-width="5" fill="none" stroke-linecap="round"/>
  ${glasses}`;
}

/**
 * A stand-in portrait, stored like an upload: an illustrated head and shoulders whose skin, hair (or
 * hijab), glasses, beard, shirt and background come from `seed` (an e-mail) and the gender, so every
 * demo person has their own face.
 */
export async function demoPortrait(
  files: StoredFiles,
  seed: string,
  ownerId: number | null,
  gender?: string | null,
): Promise<string> {
  const look = demoLook(seed, gender);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${look.hue},55%,82%)"/><stop offset="1" stop-color="hsl(${(look.hue + 40) % 360},50%,62%)"/>
  </linearGradient></defs>
  <rect width="480" height="480" fill="url(#g)"/>
  <circle cx="${80 + (hashOf(`${seed}:dot`) % 320)}" cy="90" r="46" fill="rgba(255,255,255,0.22)"/>
  ${figureSvg(look)}
</svg>`;
  return saveImage(files, await sharp(Buffer.from(svg)).png().toBuffer(), AVATAR, ownerId);
}

/**
 * A stand-in intro-video poster (16:9): the same person as their portrait beside a whiteboard of a
 * lesson, with a play button, in their colours.
 */
export async function demoPoster(
  files: StoredFiles,
  seed: string,
  ownerId: number | null,
  gender?: string | null,
): Promise<string> {
  const look = demoLook(seed, gender);
  const hash = hashOf(`${seed}:board`);
  const lines = Array.from({ length: 4 }, (_, index) => {
    const width = 220 + ((hash >>> (index * 5)) % 200);
    return `<rect x="170" y="${230 + index * 56}" width="${width}" height="18" rx="9" fill="hsl(${(look.hue + index * 50) % 360},55%,55%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="hsl(${look.hue},45%,30%)"/><stop offset="1" stop-color="hsl(${(look.hue + 60) % 360},45%,50%)"/>
  </linearGradient></defs>
  <rect width="1280" height="720" fill="url(#g)"/>
  <rect x="120" y="150" width="560" height="380" rx="24" fill="#fbfaf7"/>
  <rect x="120" y="150" width="560" height="380" rx="24" fill="none" stroke="rgba(0,0,0,0.15)" stroke-width="6"/>
  <rect x="170" y="186" width="${140 + (hash % 120)}" height="26" rx="13" fill="hsl(${look.hue},45%,30%)"/>
  ${lines}
  <g transform="translate(730 240)">${figureSvg(look)}</g>
  <circle cx="640" cy="360" r="92" fill="rgba(255,255,255,0.88)"/>
  <polygon points="612,306 612,414 702,360" fill="hsl(${look.hue},45%,30%)"/>
</svg>`;
  return saveImage(files, await sharp(Buffer.from(svg)).png().toBuffer(), THUMBNAIL, ownerId);
}

async function saveImage(files: StoredFiles, png: Buffer, rule: typeof AVATAR, ownerId: number | null) {
  const image = await processImage(png, rule);
  const row = await files.save({
    kind: 'upload',
    ownerId,
    extension: image.extension,
    mime: image.mime,
    size: image.buffer.length,
    source: { buffer: image.buffer },
  });
  return row.name;
}

/**
 * A demo intro video, each tutor's own: an MP4 header only (an `ftyp` box, then a `free` box naming
 * whose it is), because no video encoder is available offline (no ffmpeg, and writing one is out of
 * scope). The profile has a video to list the tutor by and shows the poster; the player cannot play
 * it. Real tutors upload theirs.
 */
export async function demoVideo(
  files: StoredFiles,
  ownerId: number | null,
  seed = `owner-${ownerId ?? 'none'}`,
): Promise<string> {
  const label = Buffer.from(`hiwar demo intro video: ${seed}`, 'utf8');
  const free = Buffer.alloc(8);
  free.writeUInt32BE(8 + label.length, 0);
  free.write('free', 4, 'latin1');
  const buffer = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    free,
    label,
  ]);
  const row = await files.save({
    kind: 'upload',
    ownerId,
    extension: 'mp4',
    mime: 'video/mp4',
    size: buffer.length,
    source: { buffer },
  });
  return row.name;
}

/** A pseudo-random but repeatable sequence (the demo looks the same on every machine). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Seeds the demo marketplace when there are no topics yet. `accounts` are the existing demo tutor
 * and tutor manager (completed and listed) and the demo student; `passwordHash` signs in every new one.
 */
export async function seedDemoMarketplace(
  db: Database,
  files: StoredFiles,
  options: { passwordHash: string; now?: Date },
): Promise<boolean> {
  if ((await db.select({ id: topics.id }).from(topics).limit(1)).length > 0) {
    return false;
  }
  const now = options.now ?? new Date();
  const random = sequence(20_260_424);
  const topicRows = await db
    .insert(topics)
    .values([...DEMO_TOPICS])
    .returning();
  const [plan] = await db.select().from(plans).limit(1);

  // Tutors: the twelve demo tutors, plus the demo tutor and tutor manager made listable.
  const tutorUsers: Array<{ user: UserRow; spec: DemoTutor }> = [];
  for (const [index, spec] of DEMO_TUTORS.entries()) {
    const email = `tutor${index + 1}@hiwar.test`;
    const user =
      (await findUserByEmail(db, email)) ??
      (await insertUser(db, {
        email,
        passwordHash: options.passwordHash,
        role: Role.Tutor,
        name: spec.name,
        gender: spec.gender,
        birthYear: spec.birthYear,
        city: spec.city,
        phone: `0100000${String(1000 + index).padStart(4, '0')}`,
        verifiedEmail: true,
        verifiedPhone: true,
        notificationMethod: MessagingApp.Whatsapp,
        // Joined over the past months, so "newest" has an order.
        createdAt: new Date(now.getTime() - (DEMO_TUTORS.length - index) * 9 * 24 * 3_600_000),
      }));
    tutorUsers.push({ user, spec });
  }
  for (const [email, spec] of DEMO_ACCOUNT_TUTORS) {
    const user = await findUserByEmail(db, email);
    if (user) {
      tutorUsers.push({ user, spec });
    }
  }
  for (const { user, spec } of tutorUsers) {
    if (!user.image) {
      await updateUserRow(db, user.id, {
        image: await demoPortrait(files, user.email, user.id, spec.gender),
      });
    }
    const tutor = await ensureTutor(db, user.id);
    await updateTutorRow(db, user.id, {
      activated: true,
      bio: tutor.bio ?? spec.bio,
      about: tutor.about ?? spec.about,
      notice: spec.notice,
      thumbnail: tutor.thumbnail ?? (await demoPoster(files, user.email, user.id, spec.gender)),
      video: tutor.video ?? (await demoVideo(files, user.id, user.email)),
      interviewSignedAt: user.role === Role.Tutor ? new Date(now.getTime() - 30 * 24 * 3_600_000) : null,
    });
    await db
      .insert(userTopics)
      .values(spec.topics.map((topic) => ({ userId: user.id, topicId: topicRows[topic]!.id })))
      .onConflictDoNothing();
    // Availability: the tutor's hours on their days, from tomorrow for two weeks (Cairo wall clock).
    const today = toLocalDate(now);
    const windows = demoWindows(
      user.id,
      spec,
      datesBetween(addLocalDays(today, 1), addLocalDays(today, 14)),
      now,
    );
    if (windows.length > 0) {
      await db.insert(availabilitySlots).values(windows);
    }
  }

  // Students with subscriptions (a staff grant each), the demo student included.
  const students: UserRow[] = [];
  for (const [index, spec] of DEMO_STUDENTS.entries()) {
    const email = `student${index + 1}@hiwar.test`;
    students.push(
      (await findUserByEmail(db, email)) ??
        (await insertUser(db, {
          email,
          passwordHash: options.passwordHash,
          role: Role.Student,
          name: spec.name,
          gender: spec.gender,
          birthYear: spec.birthYear,
          city: spec.city,
          phone: `0120000${String(1000 + index).padStart(4, '0')}`,
          verifiedEmail: true,
          verifiedPhone: true,
          notificationMethod: MessagingApp.Whatsapp,
        })),
    );
    if (plan) {
      const start = new Date(now.getTime() - (3 + index) * 24 * 3_600_000);
      await db.transaction(async (tx) => {
        const grant = await insertTransaction(tx, {
          userId: students.at(-1)!.id,
          planId: plan.id,
          period: PlanPeriod.Month,
          amount: 0,
          weeklyMinutes: plan.weeklyMinutes,
          method: null,
          status: PaymentStatus.Paid,
          paidAt: start,
        });
        await insertSubscription(tx, {
          userId: students.at(-1)!.id,
          planId: plan.id,
          transactionId: grant.id,
          period: PlanPeriod.Month,
          weeklyMinutes: plan.weeklyMinutes,
          startsAt: start,
          endsAt: subscriptionEnd(start, PlanPeriod.Month),
        });
      });
    }
  }
  const demoStudent = await findUserByEmail(db, 'student@hiwar.test');
  const learners = demoStudent ? [demoStudent, ...students] : students;

  // Lessons already given over the last three weeks (one per learner per day at most, on the hour),
  // with ratings from most pairs; a few cancelled ones for the records.
  const hourly = PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate;
  const rated = new Set<string>();
  for (const [index, learner] of learners.entries()) {
    for (let k = 0; k < 6; k++) {
      const { user: tutor } = tutorUsers[(index * 3 + k * 5) % tutorUsers.length]!;
      const daysAgo = 1 + k * 3 + (index % 3);
      const date = addLocalDays(toLocalDate(now), -daysAgo);
      const start = localDateTimeToInstant(date, `${String(8 + ((index * 2 + k) % 13)).padStart(2, '0')}:00`);
      const duration = k % 3 === 0 ? 15 : 30;
      const canceled = k === 5 && index % 2 === 0;
      const inserted = await db
        .insert(lessons)
        .values({
          tutorId: tutor.id,
          studentId: learner.id,
          startsAt: start,
          duration,
          endsAt: new Date(start.getTime() + duration * 60_000),
          price: tutorEarning(duration, hourly, false),
          ...(canceled
            ? {
                canceledAt: new Date(start.getTime() - 24 * 3_600_000),
                canceledBy: LessonCanceler.Student,
                canceledById: learner.id,
                minutesReturned: true,
              }
            : {}),
        })
        .onConflictDoNothing()
        .returning({ id: lessons.id });
      if (inserted.length === 0 || canceled) {
        continue;
      }
      await ensurePairRoom(db, tutor.id, learner.id);
      const pair = `${learner.id}:${tutor.id}`;
      if (!rated.has(pair) && random() < 0.8) {
        rated.add(pair);
        // Written a few hours to a day and a half after the lesson (never in the future), so the
        // reviews spread over the past weeks like a real marketplace's.
        const ratedAt = new Date(
          Math.min(
            start.getTime() + (duration + 60 * (2 + ((index * 7 + k * 11) % 34))) * 60_000,
            now.getTime() - 30 * 60_000,
          ),
        );
        await db.insert(ratings).values({
          raterId: learner.id,
          rateeId: tutor.id,
          value: 3 + Math.floor(random() * 3),
          text: random() < 0.7 ? RATING_TEXTS[Math.floor(random() * RATING_TEXTS.length)]! : null,
          createdAt: ratedAt,
          updatedAt: ratedAt,
        });
      }
    }
  }

  // One upcoming lesson per demo student (the booking limit), inside a window of a tutor. The main demo
  // account (student@hiwar.test) keeps its booking free, so it can book straight away.
  const upcoming = await db.select().from(availabilitySlots);
  for (const [index, learner] of students.entries()) {
    const window = upcoming[(index * 7 + 3) % upcoming.length];
    if (!window) {
      break;
    }
    const start = new Date(window.startsAt.getTime() + (index % 2) * 30 * 60_000);
    if (start.getTime() + 30 * 60_000 > window.endsAt.getTime()) {
      continue;
    }
    const inserted = await db
      .insert(lessons)
      .values({
        tutorId: window.tutorId,
        studentId: learner.id,
        startsAt: start,
        duration: 30,
        endsAt: new Date(start.getTime() + 30 * 60_000),
        price: tutorEarning(30, hourly, false),
        slotId: window.id,
      })
      .onConflictDoNothing()
      .returning({ id: lessons.id });
    if (inserted.length > 0) {
      await ensurePairRoom(db, window.tutorId, learner.id);
      // Reminded like a booked lesson (a day and an hour before).
      await scheduleLessonReminders(
        db,
        { ...inserted[0]!, tutorId: window.tutorId, studentId: learner.id, startsAt: start },
        now,
      );
    }
  }
  return true;
}
