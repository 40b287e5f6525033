import { arabicInteger } from './numerals.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';

const n = arabicInteger;
let daysAgo: Intl.RelativeTimeFormat | undefined;

const hours: ArabicPluralForms = {
  one: 'ساعة واحدة',
  two: 'ساعتين',
  few: '# ساعات',
  many: '# ساعة',
  other: '# ساعة',
};
const slots: ArabicPluralForms = {
  one: 'موعد واحد',
  two: 'موعدان',
  few: '# مواعيد',
  many: '# موعدًا',
  other: '# موعد',
};
const topics: ArabicPluralForms = {
  one: 'موضوع واحد',
  two: 'موضوعان',
  few: '# مواضيع',
  many: '# موضوعًا',
  other: '# موضوع',
};

/** "تبدأ بعد …": the interview (feminine) starts in days, hours and minutes. */
const startsIn = (minutes: number): string =>
  minutes >= 60 * 24
    ? `تبدأ بعد ${plural(Math.floor(minutes / (60 * 24)), nouns.days)}`
    : minutes >= 60
      ? `تبدأ بعد ${plural(Math.floor(minutes / 60), hours)}${minutes % 60 === 0 ? '' : ` و${plural(minutes % 60, nouns.minutes)}`}`
      : `تبدأ بعد ${plural(minutes, nouns.minutes)}`;

/**
 * Tutor supply in the student and tutor app (apps/web): the tutor's onboarding (`/tutor/onboarding`:
 * book the interview, visit the studio, introduce yourself), `/interviews` for tutors and
 * TutorManagers (result form, uncontacted tutors) and the interview's wording of the video room.
 * Imported as `interviewsMessages`. Error codes are worded in `error-messages.ts`.
 */
export const interviewsMessages = {
  /** The interview's state as a badge. */
  status: {
    upcoming: 'قادمة',
    happening: 'جارية الآن',
    awaiting: 'بانتظار النتيجة',
    passed: 'ناجحة',
    rejected: 'لم تُقبل',
    canceled: 'ملغاة',
  },
  join: {
    countdown: startsIn,
    canJoinNow: 'يمكنك الدخول الآن',
    started: (minutes: number) =>
      minutes === 0 ? 'بدأت الآن' : `بدأت منذ ${plural(minutes, nouns.minutes)}`,
    ended: 'انتهت المقابلة',
    canceled: 'أُلغيت المقابلة',
    enter: 'دخول المقابلة',
    opensAt: 'تُفتح الغرفة قبل الموعد بعشر دقائق',
  },
  card: {
    with: (name: string) => `مقابلة مع ${name}`,
    unnamedInterviewer: 'مسؤول المقابلات',
    unnamedTutor: 'المعلم',
    when: 'الموعد',
    duration: 'المدة',
    minutes: plural(30, nouns.minutes),
    level: 'المستوى',
    levelValue: (level: number) => `${n(level)} من ٥`,
    feedback: 'رأي مسؤول المقابلة',
    note: 'ملاحظة داخلية (لا يراها المعلم)',
    signed: 'معتمدة',
    canceledBy: (name: string) => `ألغاها ${name}`,
    message: 'مراسلة',
  },
  onboarding: {
    title: 'خطوات الانضمام',
    subtitle: 'ثلاث خطوات تفصلك عن الظهور للطلاب: المقابلة، ثم جلسة التصوير، ثم ملفك التعريفي.',
    loadFailed: 'تعذّر تحميل خطوات الانضمام',
    stepper: 'مراحل الانضمام',
    stepNumber: (index: number) => `الخطوة ${n(index)}`,
    states: { done: 'مكتملة', current: 'الخطوة الحالية', waiting: 'في الانتظار' },
    steps: {
      interview: 'احجز المقابلة',
      studio: 'زر الاستوديو',
      profile: 'عرّف بنفسك',
      activation: 'تفعيل الحساب',
      listed: 'الظهور للطلاب',
    },
    staffOnly: {
      title: 'هذه الصفحة للمعلمين الجدد',
      text: 'حسابك كمسؤول مقابلات لا يحتاج إلى خطوات الانضمام. تابع مقابلاتك من صفحة المقابلات.',
      action: 'المقابلات',
    },
    interview: {
      intro:
        'مقابلة قصيرة مدتها ٣٠ دقيقة بالفيديو مع أحد مسؤولي المقابلات، نتعرّف فيها عليك وعلى مستواك في الإنجليزية.',
      pending: 'مقابلتك محجوزة',
      pendingText: 'ستصلك تذكيرات قبلها بيوم وبساعة، وتُفتح الغرفة قبل الموعد بعشر دقائق.',
      awaiting: 'انتهى موعد مقابلتك، ونحن بانتظار تسجيل نتيجتها.',
      happening: 'مقابلتك جارية الآن.',
      passed: 'نجحت في المقابلة! بانتظار اعتمادها من الإدارة.',
      signed: 'نجحت في المقابلة واعتُمدت نتيجتها.',
      rejected: 'لم تُقبل في المقابلة هذه المرة.',
      canceled: 'أُلغيت مقابلتك.',
      retake: (date: string) => `يمكنك حجز مقابلة جديدة بدءًا من ${date}.`,
      previousCanceled: 'أُلغيت مقابلتك السابقة، يمكنك حجز موعد جديد.',
    },
    studio: {
      intro: 'يصوّر فريق الاستوديو صورتك الشخصية وفيديو تعريفيًا قصيرًا يشاهده الطلاب قبل الحجز.',
      media: 'ما يحتاجه ملفك',
      items: { image: 'الصورة الشخصية', video: 'الفيديو التعريفي', thumbnail: 'صورة غلاف الفيديو' },
      done: 'جاهزة',
      missing: 'لم تُرفع بعد',
      assigned: 'عضو الاستوديو المسؤول عنك',
      unassigned: 'سيُعيَّن لك عضو من فريق الاستوديو بعد المقابلة، ويتواصل معك لتحديد موعد التصوير.',
      complete: 'اكتملت جلسة التصوير.',
    },
    profile: {
      intro: 'اكتب نبذة قصيرة وتعريفًا بنفسك، وأكمل بياناتك وتحقّق من رقم هاتفك.',
      missing: 'ما زال ينقص ملفك',
      complete: 'اكتمل ملفك التعريفي.',
      topics: (count: number) =>
        count === 0 ? 'لم تُضف مواضيع إلى ملفك بعد.' : `مواضيعك: ${plural(count, topics)}.`,
      requirements: {
        role: 'حساب معلم',
        activated: 'تفعيل الحساب',
        interview: 'اجتياز المقابلة',
        'verified-email': 'تأكيد البريد الإلكتروني',
        'verified-phone': 'تأكيد رقم الهاتف',
        name: 'الاسم',
        phone: 'رقم الهاتف',
        city: 'المحافظة',
        gender: 'النوع',
        'birth-year': 'سنة الميلاد',
        bio: 'النبذة المختصرة',
        about: 'التعريف بنفسك',
        image: 'الصورة الشخصية',
        video: 'الفيديو التعريفي',
        thumbnail: 'صورة غلاف الفيديو',
      },
      topicsTab: 'المواضيع',
      topicsTitle: 'مواضيع تدريسك',
      topicsDescription: 'اختر المواضيع التي تحب أن تتحدث فيها مع طلابك، ليجدك المهتمون بها.',
      chooseTopics: 'اختر مواضيعك',
      fix: 'أكمل',
      completeProfile: 'أكمل ملفك',
      settings: 'إعدادات الملف',
    },
    activation: {
      waiting: 'بعد اكتمال الخطوات الثلاث يراجع فريق حوار ملفك ويفعّل حسابك.',
      pending: 'اكتملت خطواتك! يراجع فريق حوار ملفك الآن لتفعيل حسابك.',
      done: 'تم تفعيل حسابك.',
    },
    listed: {
      title: 'أنت الآن ظاهر للطلاب',
      text: 'يستطيع الطلاب العثور عليك وحجز الدروس معك. أضف مواعيدك ليبدأ الحجز.',
      profile: 'صفحتك العامة',
      schedule: 'أضف مواعيدك',
      waiting: 'ستظهر للطلاب فور اكتمال كل الخطوات وتفعيل حسابك.',
    },
  },
  booking: {
    interviewer: 'مسؤول المقابلة',
    interviewers: 'مسؤولو المقابلات المتاحون',
    best: 'أقرب موعد متاح',
    soonest: (when: string) => `أقرب موعد: ${when}`,
    upcomingCount: (count: number) => `مقابلاته القادمة: ${n(count)}`,
    change: 'اختر مسؤولًا آخر',
    hideChoices: 'إخفاء الاختيارات',
    previousWeek: 'الأسبوع السابق',
    nextWeek: 'الأسبوع التالي',
    range: (from: string, to: string) => `${from} – ${to}`,
    chooseDay: 'اختر اليوم',
    dayTimes: (day: string, count: number) =>
      count === 0 ? `${day}: لا مواعيد` : `${day}: ${plural(count, slots)}`,
    chooseTime: 'اختر الوقت',
    timesOf: (day: string) => `المواعيد المتاحة يوم ${day}`,
    timeZone: (zone: string) => `الأوقات معروضة حسب ${zone}.`,
    noTimesWeek: 'لا مواعيد متاحة في هذا الأسبوع. انتقل إلى الأسبوع التالي.',
    noTimes: 'لا توجد مواعيد متاحة للمقابلات حاليًا. نضيف مواعيد جديدة باستمرار، عد لاحقًا.',
    noTimesFor: (name: string) => `لا توجد مواعيد أخرى متاحة لدى ${name} حاليًا.`,
    loadFailed: 'تعذّر تحميل المواعيد المتاحة',
    summary: 'ملخص الحجز',
    confirm: 'تأكيد حجز المقابلة',
    confirmReschedule: 'تأكيد الموعد الجديد',
    oldTime: 'الموعد الحالي',
    newTime: 'الموعد الجديد',
    booked: 'تم حجز مقابلتك',
    bookedText: (when: string) => `موعدك ${when}. ستصلك تذكيرات قبلها بيوم وبساعة.`,
    rescheduled: 'تم تغيير موعد المقابلة',
    rescheduleTitle: 'غيّر موعد المقابلة',
    rescheduleDescription: (name: string) => `اختر موعدًا جديدًا مع ${name}.`,
    reschedule: 'تغيير الموعد',
    verifyEmail: 'تأكيد البريد الإلكتروني',
  },
  cancel: {
    action: 'إلغاء المقابلة',
    title: 'إلغاء المقابلة؟',
    tutorWarning: (date: string) =>
      `لا يمكن التراجع عن الإلغاء. إذا ألغيت المقابلة فلن تتمكن من حجز مقابلة جديدة قبل مرور ٦ أشهر، أي حتى ${date}. إن لم يناسبك الموعد فغيّره بدلًا من الإلغاء.`,
    managerText: 'سيُبلَّغ المعلم بالإلغاء، ويمكنه حجز موعد آخر فورًا دون انتظار.',
    keep: 'الإبقاء على المقابلة',
    confirm: 'نعم، ألغِ المقابلة',
    done: 'تم إلغاء المقابلة.',
  },
  intervieweeFeedback: {
    title: 'رأيك في المقابلة',
    label: 'كيف كانت تجربتك في المقابلة؟',
    hint: 'يصل رأيك إلى فريق حوار فقط، ويساعدنا على تحسين المقابلات.',
    submit: 'أرسل رأيك',
    edit: 'تعديل رأيك',
    cancel: 'إلغاء',
    saved: 'شكرًا، وصلنا رأيك.',
  },
  page: {
    title: 'المقابلات',
    tutorSubtitle: 'مقابلاتك مع فريق حوار، ونتائجها وآراء مسؤولي المقابلات.',
    managerSubtitle: 'المقابلات التي تجريها مع المعلمين الجدد، ونتائجها، والمعلمون الذين لم يحجزوا بعد.',
    listLabel: 'مقابلاتك',
    empty: 'لم تحجز أي مقابلة بعد',
    emptyText: 'احجز مقابلتك من صفحة الانضمام لتبدأ رحلتك مع حوار.',
    toOnboarding: 'اذهب إلى خطوات الانضمام',
    loadFailed: 'تعذّر تحميل المقابلات',
    tabs: {
      label: 'أقسام المقابلات',
      upcoming: 'القادمة',
      awaiting: 'بانتظار النتيجة',
      all: 'كل المقابلات',
      uncontacted: 'لم يحجزوا بعد',
    },
    noUpcoming: 'لا توجد مقابلات قادمة',
    noUpcomingText: 'ستظهر هنا المقابلات التي يحجزها المعلمون في مواعيدك.',
    noAwaiting: 'لا توجد مقابلات بانتظار النتيجة',
    noAwaitingText: 'بعد كل مقابلة تجريها سجّل نتيجتها من هنا.',
    noInterviews: 'لا توجد مقابلات بعد',
    previous: 'السابق',
    next: 'التالي',
    pageOf: (page: number, pages: number) => `صفحة ${n(page)} من ${n(pages)}`,
    pagination: 'التنقل بين الصفحات',
  },
  result: {
    action: 'سجّل النتيجة',
    title: (name: string) => `نتيجة مقابلة ${name}`,
    description: 'يرى المعلم النتيجة والمستوى ورأيك فيه، أما الملاحظة الداخلية فلا يراها إلا فريق حوار.',
    status: 'النتيجة',
    passed: 'ناجح',
    passedText: 'يُكمل خطوات الانضمام بعد اعتماد الإدارة.',
    rejected: 'غير مقبول',
    rejectedText: 'يمكنه التقدّم مرة أخرى بعد ٦ أشهر.',
    level: 'مستوى المعلم',
    levelOption: (level: number) => n(level),
    levelNames: ['ضعيف', 'مقبول', 'جيد', 'جيد جدًا', 'ممتاز'],
    feedback: 'رأيك للمعلم',
    feedbackHint: 'يراه المعلم. من ٥ إلى ١٠٠٠ حرف.',
    note: 'ملاحظة داخلية',
    noteHint: 'لفريق حوار فقط، ولا يراها المعلم. من ٥ إلى ١٠٠٠ حرف.',
    submit: 'حفظ النتيجة',
    saved: 'تم حفظ نتيجة المقابلة.',
  },
  uncontacted: {
    title: 'معلمون لم يحجزوا مقابلة بعد',
    description: 'سجّلوا في حوار ولم يحجزوا مقابلتهم. تواصل معهم لمساعدتهم على البدء.',
    search: 'ابحث بالاسم أو البريد أو الهاتف',
    listLabel: 'المعلمون الذين لم يحجزوا مقابلة',
    empty: 'لا يوجد معلمون بانتظار التواصل',
    emptyText: 'كل المعلمين المسجّلين حجزوا مقابلاتهم.',
    noMatch: 'لا توجد نتائج مطابقة للبحث.',
    loadFailed: 'تعذّر تحميل القائمة',
    unnamed: 'معلم بلا اسم بعد',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    noPhone: 'لم يضف رقمًا',
    verified: 'مؤكَّد',
    unverified: 'غير مؤكَّد',
    registered: (createdAt: string, now: number) => {
      const days = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 86_400_000));
      daysAgo ??= new Intl.RelativeTimeFormat('ar-EG', { numeric: 'auto' });
      return `سجّل ${daysAgo.format(-days, 'day')}`;
    },
    total: (count: number) => `العدد: ${n(count)}`,
  },
  events: {
    booked: (name: string) => `حجز ${name} مقابلة معك`,
    rescheduled: (name: string) => `غيّر ${name} موعد مقابلته معك`,
    decided: 'سُجّلت نتيجة مقابلتك',
    canceled: 'أُلغيت مقابلة',
    someone: 'معلم',
  },
  /** The video room's wording when the session is an interview. */
  room: {
    loading: 'جارٍ تجهيز غرفة المقابلة',
    with: (name: string) => `مقابلة مع ${name}`,
    region: 'غرفة المقابلة',
    leave: 'مغادرة المقابلة',
    timerLabel: 'وقت المقابلة',
    endedTitle: 'انتهت المقابلة',
    endedSubtitle: 'شكرًا لك! ستظهر النتيجة في صفحة المقابلات بعد تسجيلها.',
    managerEndedSubtitle: 'سجّل نتيجة المقابلة من صفحة المقابلات.',
    left: 'غادرت المقابلة',
    leftSubtitle: 'يمكنك العودة ما دامت المقابلة لم تنتهِ.',
    rejoin: 'العودة إلى المقابلة',
    back: 'العودة إلى المقابلات',
    notFound: 'هذه المقابلة غير موجودة.',
    notMember: 'هذه الغرفة لطرفي المقابلة فقط: المعلم ومسؤول المقابلة.',
  },
} as const;
