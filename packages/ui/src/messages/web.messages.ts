import { nouns, plural } from './plural.ts';

/** The student and tutor app's own strings (apps/web): navigation, account menu, home, footer. */
export const webMessages = {
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
    onboarding: 'الانضمام',
    interviews: 'المقابلات',
    unread: (count: number) => plural(count, nouns.unreadMessages),
  },
  account: {
    menu: 'قائمة الحساب',
    profile: 'الملف الشخصي',
    settings: 'الإعدادات',
    payments: 'المدفوعات',
    reports: 'بلاغاتي',
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
  /** Private screens: a signed-in user of another role, or an account that could not be loaded. */
  guard: {
    forbiddenTitle: 'هذه الصفحة غير متاحة لحسابك',
    forbiddenText: 'ليست لديك صلاحية لفتح هذه الصفحة. استخدم حسابًا آخر أو تواصل مع أحد المسؤولين.',
    switchAccount: 'الدخول بحساب آخر',
    loadFailedTitle: 'تعذّر تحميل بيانات حسابك',
    loadFailedText: 'تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.',
    backHome: 'العودة إلى الرئيسية',
  },
  footer: {
    rights: 'جميع الحقوق محفوظة.',
  },
} as const;
