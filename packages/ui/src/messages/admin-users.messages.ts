import type { LeadSource } from '@hiwar/domain';
import { formatNumber } from '../format.ts';
import { nouns, plural } from './plural.ts';

/** Digits the ar-EG way, without grouping (years, codes, counters). */
const n = (value: number): string => formatNumber(value, { useGrouping: false });

/** Counted seconds for the resend countdown. */
const secondsForms = {
  one: 'ثانية واحدة',
  two: 'ثانيتين',
  few: '# ثوانٍ',
  many: '# ثانية',
  other: '# ثانية',
} as const;

/**
 * The back office's accounts area (apps/admin): signing in, the staff guard, e-mail verification, the
 * users list, one user's page and the signed-in staff member's own settings. Imported from the one
 * catalogue as `adminUsersMessages`.
 */
export const adminUsersMessages = {
  /** Shown in a cell or a field that has no value. */
  notSet: 'غير محدد',

  /** The guard on the back-office shell. */
  guard: {
    checking: 'جارٍ التحقق من حسابك',
    loadFailed: 'تعذّر التحقق من حسابك',
    forbiddenTitle: 'هذا الحساب لا يملك صلاحية دخول لوحة الإدارة',
    forbiddenBody:
      'لوحة الإدارة مخصّصة لفريق عمل حوار. سجّل الدخول بحساب آخر، أو تواصل مع أحد المسؤولين إذا كنت تحتاج إلى الصلاحية.',
    signedInAs: 'مسجّل الدخول حاليًا باسم',
    useAnotherAccount: 'تسجيل الخروج والدخول بحساب آخر',
    openWebApp: 'الذهاب إلى موقع حوار',
    sectionForbiddenTitle: 'لا تملك صلاحية فتح هذه الصفحة',
    sectionForbiddenBody: 'دورك الحالي لا يشمل هذا القسم. إذا كنت تحتاج إليه فتواصل مع أحد المسؤولين.',
    backToDashboard: 'العودة إلى لوحة التحكم',
  },

  /** The account block at the bottom of the sidebar. */
  account: {
    region: 'حسابك',
    settings: 'إعدادات الحساب',
    logout: 'تسجيل الخروج',
  },

  verifyEmail: {
    subtitle: 'أكّد بريدك الإلكتروني لتتمكّن من استخدام لوحة الإدارة.',
    sendTo: 'سنرسل رمز تحقق من ٤ أرقام ورابط تأكيد إلى:',
    send: 'أرسل رمز التحقق',
    sent: 'أرسلنا الرمز. قد يستغرق وصول الرسالة دقيقة، وتحقّق من مجلد الرسائل غير المرغوب فيها.',
    codeLabel: 'رمز التحقق',
    codeHint: 'الرمز المكوّن من ٤ أرقام في الرسالة، ويمكنك أيضًا فتح الرابط الموجود فيها.',
    verify: 'تأكيد البريد',
    resend: 'إعادة إرسال الرمز',
    resendIn: (seconds: number) => `إعادة الإرسال بعد ${plural(seconds, secondsForms)}`,
    checkingLink: 'جارٍ تأكيد بريدك الإلكتروني',
    verifiedTitle: 'تم تأكيد بريدك الإلكتروني',
    verifiedBody: 'شكرًا لك. يمكنك الآن استخدام لوحة الإدارة.',
    verifiedToast: 'تم تأكيد بريدك الإلكتروني.',
    continue: 'المتابعة إلى لوحة الإدارة',
    linkFailedTitle: 'تعذّر تأكيد البريد بهذا الرابط',
    requestNewLink: 'اطلب رمزًا جديدًا',
    loginToContinue: 'سجّل الدخول للمتابعة',
    useAnotherAccount: 'الدخول بحساب آخر',
  },

  users: {
    description: 'كل حسابات حوار: الطلاب والمعلمون وفريق العمل.',
    tutorsDescription: 'المعلمون الذين تقابلهم، والمعلمون الذين ينتظرون مقابلة.',
    toolbar: 'بحث وتصفية المستخدمين',
    search: 'بحث',
    searchPlaceholder: 'ابحث بالاسم أو البريد أو الهاتف',
    clearSearch: 'مسح البحث',
    role: 'الدور',
    allRoles: 'كل الأدوار',
    verification: 'تأكيد البريد',
    anyVerification: 'كل حالات البريد',
    verifiedOnly: 'بريد مؤكَّد',
    unverifiedOnly: 'بريد غير مؤكَّد',
    city: 'المحافظة',
    allCities: 'كل المحافظات',
    clearFilters: 'مسح التصفية',
    table: 'المستخدمون',
    columns: {
      user: 'المستخدم',
      email: 'البريد الإلكتروني',
      role: 'الدور',
      city: 'المحافظة',
      phone: 'الهاتف',
      createdAt: 'تاريخ التسجيل',
    },
    verified: 'مؤكَّد',
    unverified: 'غير مؤكَّد',
    emptyTitle: 'لا يوجد مستخدمون بعد',
    emptyBody: 'ستظهر الحسابات هنا فور تسجيلها.',
    noMatchesTitle: 'لا توجد نتائج مطابقة',
    noMatchesBody: 'جرّب كلمات بحث أخرى أو امسح التصفية لعرض كل المستخدمين.',
    errorTitle: 'تعذّر تحميل المستخدمين',
    pagination: 'التنقل بين صفحات المستخدمين',
    /** `١–١٠ من ٣٤` */
    range: (from: number, to: number, total: number) =>
      `${formatNumber(from)}–${formatNumber(to)} من ${formatNumber(total)}`,
    page: (page: number, pages: number) => `صفحة ${formatNumber(page)} من ${formatNumber(pages)}`,
    previousPage: 'الصفحة السابقة',
    nextPage: 'الصفحة التالية',
    newStaff: 'حساب فريق عمل جديد',
  },

  createStaff: {
    title: 'حساب فريق عمل جديد',
    description: 'أنشئ حسابًا لأحد أعضاء الفريق، ثم شارك معه البريد وكلمة المرور ليسجّل الدخول ويغيّرها.',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور المؤقتة',
    passwordHint: 'من ٨ إلى ٥٠ حرفًا، فيها رقم وحرف إنجليزي صغير ورمز، بدون مسافات.',
    role: 'الدور',
    submit: 'إنشاء الحساب',
    created: (name: string) => `تم إنشاء حساب ${name}.`,
  },

  user: {
    back: 'العودة إلى المستخدمين',
    notFoundTitle: 'المستخدم غير موجود',
    notFoundBody: 'ربما حُذف هذا الحساب أو أن الرابط غير صحيح.',
    errorTitle: 'تعذّر تحميل بيانات المستخدم',
    profile: 'البيانات الشخصية',
    fields: {
      email: 'البريد الإلكتروني',
      phone: 'الهاتف',
      city: 'المحافظة',
      gender: 'النوع',
      birthYear: 'سنة الميلاد',
      role: 'الدور',
      createdAt: 'تاريخ التسجيل',
      updatedAt: 'آخر تحديث',
      creditScore: 'رصيد النقاط',
      id: 'رقم الحساب',
      leadSource: 'مصدر التسجيل',
    },
    /** The landing site's `/url/{name}` link a user signed up through. */
    leadSources: {
      wa: 'رابط واتساب',
      sfb: 'فيسبوك',
      syt: 'يوتيوب',
      sig: 'إنستجرام',
      stt: 'تيك توك',
      sx: 'إكس (تويتر)',
    } satisfies Record<LeadSource, string>,
    /** No lead-source link: came to the site directly. */
    leadSourceDirect: 'مباشر (بدون رابط تسويقي)',
    birthYear: (year: number) => n(year),
    phoneVerified: 'رقم مؤكَّد',
    phoneUnverified: 'رقم غير مؤكَّد',
    you: 'أنت',
    tutor: {
      title: 'ملف المعلم',
      bio: 'النبذة',
      about: 'التعريف',
      notice: 'أقصى مدة للحجز المسبق',
      noticeValue: (days: number) => plural(days, nouns.days),
      active: 'مفعّل',
      inactive: 'غير مفعّل',
      media: 'الوسائط',
      video: 'الفيديو التعريفي',
      thumbnail: 'الصورة المصغّرة',
      avatar: 'الصورة الشخصية',
      open: 'فتح',
      missing: 'لم يُرفع بعد',
    },
    /** A student's favourite tutors (issue 27), read-only. */
    favorites: {
      title: 'المعلمون المفضلون',
      description: 'المعلمون الذين حفظهم الطالب في المفضلة، الأحدث أولًا.',
      empty: 'لم يحفظ هذا الطالب أي معلم بعد.',
      errorTitle: 'تعذّر تحميل المعلمين المفضلين',
      savedAt: (date: string) => `حُفظ ${date}`,
      unlisted: 'لا يظهر للطلاب حاليًا',
      noRating: 'بلا تقييم',
      rating: (value: string, count: number) => `التقييم ${value} من ٥ (${n(count)})`,
    },
    manage: {
      title: 'إدارة الحساب',
      description: 'تغييرات تؤثّر في ما يستطيع صاحب هذا الحساب فعله.',
      viewOnly: 'يمكنك عرض هذا الحساب فقط. تعديل الحسابات للمسؤولين.',
      superAdminOnly: 'حساب المدير العام لا يعدّله إلا مدير عام.',
      selfNote: 'هذا حسابك. لا يمكنك تغيير دورك أو حالة حسابك بنفسك.',
      openSettings: 'عدّل بياناتك من إعدادات الحساب',
      activation: 'تفعيل المعلم',
      activationHint: 'المعلم المفعّل يظهر للطلاب ويمكن حجز دروس معه متى اكتمل ملفه.',
      activate: 'تفعيل المعلم',
      deactivate: 'إيقاف التفعيل',
      activateTitle: (name: string) => `تفعيل ${name}؟`,
      activateBody: 'سيظهر المعلم في قائمة المعلمين متى اكتمل ملفه، وسيتمكّن الطلاب من حجز دروس معه.',
      deactivateTitle: (name: string) => `إيقاف تفعيل ${name}؟`,
      deactivateBody:
        'سيختفي المعلم من قائمة المعلمين ولن يتمكّن الطلاب من حجز دروس جديدة معه. لا تُلغى الدروس المحجوزة.',
      activated: 'تم تفعيل المعلم.',
      deactivated: 'تم إيقاف تفعيل المعلم.',
      verifiedEmail: 'تأكيد البريد الإلكتروني',
      verifiedEmailHint: 'أكّد البريد يدويًا فقط بعد التحقق من صاحبه بطريقة أخرى.',
      markVerified: 'تأكيد البريد يدويًا',
      markUnverified: 'إلغاء تأكيد البريد',
      verifiedSaved: 'تم تحديث حالة البريد الإلكتروني.',
      role: 'الدور',
      roleHint: 'تغيير الدور يغيّر ما يستطيع صاحب الحساب فعله فورًا.',
      saveRole: 'حفظ الدور',
      roleTitle: 'تغيير الدور؟',
      roleBody: (name: string, from: string, to: string) => `سيتغيّر دور ${name} من «${from}» إلى «${to}».`,
      roleSaved: 'تم تغيير الدور.',
    },
  },

  settings: {
    description: 'بياناتك الشخصية وكلمة المرور وصورتك.',
    profile: 'البيانات الشخصية',
    profileDescription: 'يظهر اسمك لزملائك في لوحة الإدارة.',
    name: 'الاسم',
    phone: 'رقم الهاتف',
    phoneHint: 'رقم موبايل مصري، مثل 01012345678.',
    email: 'البريد الإلكتروني',
    emailHint: 'لا يمكن تغيير البريد الإلكتروني من هنا.',
    saveProfile: 'حفظ البيانات',
    profileSaved: 'تم حفظ بياناتك.',
    password: 'كلمة المرور',
    passwordDescription: 'بعد تغييرها تُغلق جلساتك على الأجهزة الأخرى.',
    currentPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    newPasswordHint: 'من ٨ إلى ٥٠ حرفًا، فيها رقم وحرف إنجليزي صغير ورمز، بدون مسافات.',
    confirmPassword: 'تأكيد كلمة المرور الجديدة',
    savePassword: 'تغيير كلمة المرور',
    passwordSaved: 'تم تغيير كلمة المرور.',
    avatar: 'الصورة الشخصية',
    avatarDescription: 'تظهر بجوار اسمك في لوحة الإدارة.',
  },
} as const;

export type AdminUsersMessages = typeof adminUsersMessages;
