import { Role } from '@hiwar/domain';
import { accountMessages } from './account.messages.ts';
import { adminDashboardMessages } from './admin-dashboard.messages.ts';
import { adminInterviewsMessages } from './admin-interviews.messages.ts';
import { adminLessonsMessages } from './admin-lessons.messages.ts';
import { adminPaymentsMessages } from './admin-payments.messages.ts';
import { adminUsersMessages } from './admin-users.messages.ts';
import { chatMessages } from './chat.messages.ts';
import { checkoutMessages } from './checkout.messages.ts';
import { interviewsMessages } from './interviews.messages.ts';
import { invoicesMessages } from './invoices.messages.ts';
import { landingPagesMessages } from './landing.messages.ts';
import { lessonsMessages } from './lessons.messages.ts';
import { scheduleMessages } from './schedule.messages.ts';
import { sessionMessages } from './session.messages.ts';
import { supportMessages } from './support.messages.ts';

/**
 * Every visible UI string of the three apps, in Arabic (ar-EG). One catalogue so the same action is
 * worded the same everywhere; group by area, not by component. Numbers inside sentences are written with
 * Arabic-Indic digits, as `Intl` formats them for ar-EG.
 */
export const messages = {
  app: {
    name: 'حوار',
    tagline: 'تعلّم الإنجليزية بدروس فردية مع معلمين يفهمونك',
  },
  common: {
    loading: 'جارٍ التحميل',
    close: 'إغلاق',
    cancel: 'إلغاء',
    confirm: 'تأكيد',
    save: 'حفظ',
    retry: 'إعادة المحاولة',
    backHome: 'العودة إلى الرئيسية',
    openMenu: 'فتح القائمة',
    closeMenu: 'إغلاق القائمة',
    menu: 'القائمة',
    skipToContent: 'تخطَّ إلى المحتوى الرئيسي',
    selectPlaceholder: 'اختر…',
    optional: 'اختياري',
    networkError: 'تعذّر الاتصال بالخادم. تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.',
  },
  theme: {
    switchToDark: 'التبديل إلى الوضع الداكن',
    switchToLight: 'التبديل إلى الوضع الفاتح',
  },
  toast: {
    region: 'الإشعارات',
    close: 'إغلاق الإشعار',
  },
  notFound: {
    code: 'خطأ ٤٠٤',
    title: 'الصفحة غير موجودة',
    subtitle: 'ربما نُقلت هذه الصفحة أو أن الرابط غير صحيح. تأكد من العنوان أو عُد إلى الصفحة الرئيسية.',
    action: 'العودة إلى الرئيسية',
  },
  roles: {
    [Role.SuperAdmin]: 'مدير عام',
    [Role.RegularAdmin]: 'مسؤول',
    [Role.Tutor]: 'معلم',
    [Role.Student]: 'طالب',
    [Role.TutorManager]: 'مدير المعلمين',
    [Role.Studio]: 'الاستوديو',
  } satisfies Record<Role, string>,

  /** Student and tutor app (apps/web). */
  web: {
    nav: {
      main: 'التنقل الرئيسي',
      tutors: 'المعلمون',
      login: 'تسجيل الدخول',
      register: 'إنشاء حساب',
      dashboard: 'لوحة التحكم',
      upcomingLessons: 'الدروس القادمة',
      chat: 'المحادثات',
      subscription: 'الاشتراك',
      scheduleManagement: 'جدول المواعيد',
      lessonsSchedule: 'الدروس',
      invoices: 'الأرباح',
    },
    account: {
      menu: 'قائمة الحساب',
      profile: 'الملف الشخصي',
      settings: 'الإعدادات',
      adminPanel: 'لوحة الإدارة',
      logout: 'تسجيل الخروج',
      unnamed: 'مستخدم حوار',
    },
    home: {
      eyebrow: 'دروس إنجليزي أونلاين، واحد لواحد',
      title: 'تعلّم الإنجليزية بدروس فردية مع معلمين يفهمونك',
      subtitle:
        'اختر معلمك، واحجز درسًا بالفيديو مدته ١٥ أو ٣٠ دقيقة في الوقت الذي يناسبك، وتدرّب على المحادثة من أول يوم.',
      ctaTutors: 'تصفّح المعلمين',
      ctaRegister: 'أنشئ حسابك',
      ctaDashboard: 'اذهب إلى لوحة التحكم',
      welcomeBack: 'أهلًا بعودتك،',
      points: [
        { title: 'درس فردي بالفيديو', text: 'أنت ومعلمك فقط، من المتصفح مباشرة.' },
        { title: 'مواعيد مرنة', text: 'احجز أو عدّل موعدك حسب وقتك.' },
        { title: 'دفع محلي سهل', text: 'بطاقة أو محفظة إلكترونية أو فوري.' },
      ],
    },
    footer: {
      rights: 'جميع الحقوق محفوظة.',
    },
  },

  /** Back office (apps/admin). */
  admin: {
    title: 'لوحة الإدارة',
    sidebar: 'قائمة الإدارة',
    nav: {
      dashboard: 'لوحة التحكم',
      photoSessions: 'جلسات التصوير',
      users: 'المستخدمون',
      invoices: 'طلبات السحب',
      plans: 'الخطط',
      interviews: 'المقابلات',
      lessons: 'الدروس',
      topics: 'المواضيع',
      platformSettings: 'إعدادات المنصة',
      userSettings: 'إعدادات الحساب',
    },
    pages: {
      dashboard: 'لوحة التحكم',
      login: 'تسجيل الدخول',
      verifyEmail: 'تأكيد البريد الإلكتروني',
      invoices: 'طلبات السحب',
      plans: 'الخطط',
      users: 'المستخدمون',
      user: 'بيانات المستخدم',
      interviews: 'المقابلات',
      lessons: 'الدروس',
      topics: 'المواضيع',
      platformSettings: 'إعدادات المنصة',
      userSettings: 'إعدادات الحساب',
      photoSessions: 'جلسات التصوير',
      photoSession: 'جلسة التصوير',
      tutor: 'ملف المعلم',
    },
  },

  /** Public marketing site (apps/landing). */
  landing: {
    meta: {
      siteName: 'حوار',
      homeTitle: 'حوار | دروس إنجليزي أونلاين فردية مع معلمين يفهمونك',
      homeDescription:
        'احجز دروس إنجليزي فردية بالفيديو مدتها ١٥ أو ٣٠ دقيقة مع معلمين يفهمون المتعلم المصري. مواعيد مرنة، وباقات شهرية بدقائق أسبوعية، ودفع سهل بالبطاقة أو المحفظة أو فوري.',
      notFoundTitle: 'الصفحة غير موجودة | حوار',
      notFoundDescription: 'الصفحة التي تبحث عنها غير موجودة على موقع حوار.',
    },
    nav: {
      main: 'التنقل الرئيسي',
      home: 'الرئيسية',
      tutor: 'انضم كمعلم',
      pricing: 'الأسعار',
      faq: 'الأسئلة الشائعة',
      contact: 'تواصل معنا',
      method: 'طريقتنا في التعليم',
      terms: 'الشروط والأحكام',
      privacy: 'سياسة الخصوصية',
      login: 'تسجيل الدخول',
      register: 'ابدأ الآن',
    },
    hero: {
      eyebrow: 'دروس إنجليزي أونلاين للمتعلم المصري',
      title: 'تحدّث الإنجليزية بثقة مع معلمين يفهمونك',
      subtitle:
        'دروس فردية مباشرة بالفيديو مدتها ١٥ أو ٣٠ دقيقة، مع معلمين يعرفون التحديات التي تواجهها وهم يشرحون لك بالعربية عند الحاجة. اختر معلمك واحجز في الوقت الذي يناسبك.',
      ctaRegister: 'ابدأ التعلّم الآن',
      ctaHowItWorks: 'كيف يعمل حوار؟',
      highlights: ['دروس ١٥ أو ٣٠ دقيقة', 'معلم لك وحدك', 'ادفع بالطريقة التي تناسبك'],
      illustration: {
        label: 'مثال على محادثة في درس على حوار',
        lessonBadge: 'درس فردي · ٣٠ دقيقة',
        tutorLine: 'Hi! How was your weekend?',
        studentLine: 'It was great, I go to Alexandria.',
        correction: 'ممتاز! قُل: I went to Alexandria',
      },
    },
    howItWorks: {
      title: 'كيف يعمل حوار؟',
      subtitle: 'ثلاث خطوات بسيطة تفصلك عن درسك الأول.',
      steps: [
        {
          title: 'اختر معلمك',
          text: 'تصفّح ملفات المعلمين، وشاهد الفيديو التعريفي لكل معلم، واقرأ تقييمات الطلاب، ثم اختر من يناسبك.',
        },
        {
          title: 'احجز موعدك',
          text: 'اختر مدة الدرس ١٥ أو ٣٠ دقيقة، والوقت المناسب لك من جدول المعلم، وستصلك تذكيرات قبل الدرس.',
        },
        {
          title: 'تحدّث وتعلّم',
          text: 'ادخل الدرس بالفيديو من المتصفح مباشرة بدون تطبيقات إضافية، وتدرّب على المحادثة مع معلمك.',
        },
      ],
    },
    benefits: {
      title: 'لماذا تتعلّم مع حوار؟',
      subtitle: 'صمّمنا كل تفصيلة لتتدرّب بانتظام وتلاحظ تقدّمك.',
      items: [
        {
          title: 'معلمون يفهمونك',
          text: 'يعرف معلمك الأخطاء الشائعة عند المتعلم المصري، ويشرح لك بالعربية عند الحاجة.',
        },
        {
          title: 'دروس قصيرة ومركّزة',
          text: 'درس من ١٥ أو ٣٠ دقيقة يناسب يومك المزدحم ويجعل التدريب المنتظم عادة سهلة.',
        },
        {
          title: 'مواعيد مرنة',
          text: 'احجز موعدك أو عدّله بنفسك، وستصلك تذكيرات قبل الدرس بيوم وبساعة.',
        },
        {
          title: 'باقات تناسب ميزانيتك',
          text: 'اشترك شهريًا أو لثلاثة أو ستة أشهر أو لسنة كاملة، مع إمكانية التقسيط.',
        },
        {
          title: 'دفع محلي سهل',
          text: 'ادفع بالبطاقة البنكية أو المحفظة الإلكترونية أو نقدًا من خلال فوري.',
        },
        {
          title: 'كل شيء في مكان واحد',
          text: 'تابع دروسك القادمة والسابقة، وراسل معلمك، وقيّم دروسك من حسابك.',
        },
      ],
    },
    cta: {
      title: 'جاهز لأول محادثة بالإنجليزية؟',
      subtitle: 'أنشئ حسابك في دقيقة واختر معلمك اليوم.',
      button: 'أنشئ حسابك',
    },
    footer: {
      tagline: 'منصة مصرية لتعلّم الإنجليزية بدروس فردية مباشرة مع معلمين يفهمونك.',
      explore: 'استكشف',
      help: 'المساعدة',
      legal: 'قانوني',
      rights: 'جميع الحقوق محفوظة.',
    },
  },
  /** The public site's other pages: teach with us, method, FAQ, contact, terms, privacy (apps/landing). */
  site: landingPagesMessages,
  /** Back-office accounts: sign-in, guard, users list and page, own settings (apps/admin). */
  adminUsers: adminUsersMessages,
  /** Accounts in the student and tutor app: sign-in, sign-up, verification, profile, settings (apps/web). */
  account: accountMessages,
  /** Back-office plans, coupons, invites and a user's subscriptions and payments (apps/admin). */
  adminPayments: adminPaymentsMessages,
  /** Back-office lessons filters and the tutor page `/tutor/{id}` (apps/admin). */
  adminLessons: adminLessonsMessages,
  /** Back-office interviews, photo sessions and a tutor's onboarding (apps/admin). */
  adminInterviews: adminInterviewsMessages,
  /** Back-office dashboard, server stats, stored files and Google sign-in (apps/admin). */
  adminDashboard: adminDashboardMessages,
  /** Buying plans: plans page, checkout, card added, payments (apps/web) and pricing (apps/landing). */
  checkout: checkoutMessages,
  /** Chat: /chat, the dashboards' chats panel, "message the tutor", the in-lesson chat (apps/web). */
  chat: chatMessages,
  /** Tutor onboarding, interviews for tutors and TutorManagers, the interview room's wording (apps/web). */
  interviews: interviewsMessages,
  /** Earnings and withdrawal requests: statuses, methods, banks, ledger, live-event toasts (both apps). */
  invoices: invoicesMessages,
  lessons: lessonsMessages,
  /** Tutor schedule and dashboard (apps/web); topics, lessons and cache tools (apps/admin). */
  schedule: scheduleMessages,
  /** The video room: pre-join check, room, controls (apps/web /lesson/:id, /session). */
  session: sessionMessages,
  /** Reporting problems, my reports, the reports and contact-requests inboxes, platform settings (both apps). */
  support: supportMessages,
} as const;

export type Messages = typeof messages;
