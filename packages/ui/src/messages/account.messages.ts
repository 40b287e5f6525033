import { BOUNDS, Gender, Governorate, MessagingApp } from '@hiwar/domain';
import { arabicInteger } from './numerals.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';

const n = arabicInteger;

const seconds: ArabicPluralForms = {
  one: 'ثانية واحدة',
  two: 'ثانيتين',
  few: '# ثوانٍ',
  many: '# ثانية',
  other: '# ثانية',
};

const { emailDigits, resetDigits } = BOUNDS.verificationCode;

/** Wraps Latin text (an e-mail, a phone) in a bidi isolate, so its dots and digits stay in place. */
const isolate = (value: string): string => `\u2068${value}\u2069`;

/**
 * Accounts in the student and tutor app (apps/web): sign-in, sign-up, verification, password reset,
 * profile and settings. Imported as `accountMessages`.
 */
export const accountMessages = {
  fields: {
    email: 'البريد الإلكتروني',
    emailPlaceholder: 'name@example.com',
    password: 'كلمة المرور',
    passwordHint: `${plural(BOUNDS.password.min, nouns.characters)} على الأقل، منها رقم وحرف إنجليزي صغير ورمز مثل ! أو @.`,
    currentPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور',
    name: 'الاسم',
    namePlaceholder: 'مثال: منى أحمد',
    nameHint: 'بالحروف العربية أو الإنجليزية، كما تحب أن يراه معلموك.',
    phone: 'رقم الموبايل',
    phonePlaceholder: '01012345678',
    phoneHint: 'رقم مصري من ١١ رقمًا. نرسل عليه رمز التحقق وتذكيرات الدروس.',
    city: 'المحافظة',
    cityPlaceholder: 'اختر المحافظة',
    gender: 'النوع',
    genderPlaceholder: 'اختر النوع',
    birthYear: 'سنة الميلاد',
    birthYearPlaceholder: 'اختر السنة',
    bio: 'نبذة قصيرة',
    bioHint: `سطر واحد يظهر تحت اسمك في قائمة المعلمين، من ${n(BOUNDS.bio.min)} إلى ${n(BOUNDS.bio.max)} حرفًا.`,
    bioPlaceholder: 'مثال: معلمة محادثة إنجليزية للمبتدئين بخبرة ٥ سنوات',
    about: 'عرّف بنفسك',
    aboutHint: `حدّث طلابك عن خبرتك وطريقتك في التدريس، من ${n(BOUNDS.tutorAbout.min)} إلى ${n(BOUNDS.tutorAbout.max)} حرف. لا تضع روابط أو أرقام تواصل.`,
    notice: 'أقصى مدة للحجز المسبق (بالأيام)',
    noticeHint: `كم يومًا مقدمًا يمكن للطالب أن يحجز معك (من ${n(BOUNDS.noticeDays.min)} إلى ${n(BOUNDS.noticeDays.max)}).`,
    /** "١٢ من ٦٠": typed characters out of the maximum. */
    characterCount: (count: number, max: number) => `${n(count)} من ${n(max)}`,
    charactersLeft: (left: number) =>
      left >= 0 ? `متبقٍّ ${plural(left, nouns.characters)}` : `زائد ${plural(-left, nouns.characters)}`,
    charactersNeeded: (missing: number) => `اكتب ${plural(missing, nouns.characters)} أخرى على الأقل`,
  },

  controls: {
    avatar: {
      change: 'تغيير الصورة',
      choose: 'اختر صورة',
      uploading: 'جارٍ رفع الصورة',
      progress: (percent: number) => `${n(percent)}٪`,
      cancel: 'إلغاء الرفع',
      canceled: 'أُلغي رفع الصورة.',
      remove: 'حذف الصورة',
      hint: `صورة بصيغة JPG أو PNG أو GIF، لا تقل أبعادها عن ${n(BOUNDS.upload.avatarMinPixels)}×${n(BOUNDS.upload.avatarMinPixels)} بكسل.`,
      invalidType: 'اختر صورة بصيغة JPG أو PNG أو GIF.',
      unreadable: 'تعذّرت قراءة هذه الصورة. جرّب صورة أخرى.',
      saved: 'تم تحديث صورتك.',
      removed: 'تم حذف صورتك.',
    },
  },

  login: {
    title: 'تسجيل الدخول',
    subtitle: 'أهلًا بعودتك! سجّل الدخول لمتابعة دروسك.',
    remember: 'تذكّرني على هذا الجهاز',
    forgot: 'نسيت كلمة المرور؟',
    submit: 'تسجيل الدخول',
    or: 'أو',
    noAccount: 'ليس لديك حساب؟',
    register: 'أنشئ حسابًا مجانًا',
    staffTitle: 'هذا حساب فريق العمل',
    staffText: 'حسابات فريق العمل تُدار من لوحة الإدارة. افتحها لمتابعة عملك.',
    staffAction: 'الذهاب إلى لوحة الإدارة',
    backHome: 'العودة إلى الرئيسية',
  },

  google: {
    failed: 'تعذّر تسجيل الدخول باستخدام Google. حاول مرة أخرى أو استخدم بريدك وكلمة المرور.',
  },

  register: {
    student: {
      title: 'أنشئ حسابك',
      subtitle: 'ابدأ رحلتك مع الإنجليزية في دقيقة: احجز درسك الأول مع معلم يفهمك.',
    },
    tutor: {
      title: 'انضم إلى حوار كمعلم',
      subtitle: 'علّم الإنجليزية من بيتك في المواعيد التي تناسبك. بعد التسجيل نحدد معك موعد مقابلة قصيرة.',
    },
    submit: 'إنشاء الحساب',
    termsPrefix: 'بإنشاء حسابك، أنت توافق على',
    terms: 'الشروط والأحكام',
    and: 'و',
    privacy: 'سياسة الخصوصية',
    haveAccount: 'لديك حساب بالفعل؟',
    login: 'سجّل الدخول',
    asTutor: 'تريد التدريس على حوار؟',
    asTutorLink: 'سجّل كمعلم',
    asStudent: 'تريد تعلّم الإنجليزية؟',
    asStudentLink: 'سجّل كطالب',
  },

  verifyEmail: {
    title: 'أكّد بريدك الإلكتروني',
    subtitle: (email: string) =>
      `أرسلنا رمزًا من ${n(emailDigits)} أرقام إلى ${isolate(email)}. اكتبه هنا أو افتح الرابط الموجود في الرسالة.`,
    subtitleNotSent: (email: string) =>
      `سنرسل رمزًا من ${n(emailDigits)} أرقام إلى ${isolate(email)}. أدخله هنا لتأكيد بريدك.`,
    why: 'تأكيد البريد مطلوب قبل حجز الدروس وبدء المحادثات.',
    codeLabel: 'رمز التحقق',
    submit: 'تأكيد البريد',
    send: 'أرسل الرمز',
    resend: 'أعد إرسال الرمز',
    resendIn: (secondsLeft: number) => `يمكنك طلب رمز جديد بعد ${plural(secondsLeft, seconds)}`,
    sent: 'أرسلنا رمزًا جديدًا إلى بريدك الإلكتروني.',
    checkSpam: 'لم تصلك الرسالة؟ تفقّد مجلد الرسائل غير المرغوب فيها.',
    later: 'سأؤكده لاحقًا',
    verified: 'تم تأكيد بريدك الإلكتروني بنجاح.',
    linkChecking: 'جارٍ تأكيد بريدك الإلكتروني…',
    linkSuccessTitle: 'تم تأكيد بريدك الإلكتروني',
    linkSuccessText: 'شكرًا لك! يمكنك الآن حجز الدروس والتحدث مع المعلمين.',
    alreadyVerifiedTitle: 'بريدك الإلكتروني مؤكَّد بالفعل',
    alreadyVerifiedText: 'لا حاجة لأي خطوة أخرى. تابع من حيث توقفت.',
    linkFailedTitle: 'تعذّر تأكيد بريدك الإلكتروني',
    linkFailedText: 'ربما انتهت صلاحية الرابط أو استُخدم من قبل. اطلب رمزًا جديدًا وأكّد بريدك به.',
    requestNew: 'اطلب رمزًا جديدًا',
    continue: 'متابعة',
    login: 'سجّل الدخول للمتابعة',
  },

  forgetPassword: {
    title: 'نسيت كلمة المرور؟',
    subtitle: `لا تقلق. أدخل بريدك الإلكتروني وسنرسل إليك رمزًا من ${n(resetDigits)} أرقام لتعيين كلمة مرور جديدة.`,
    submit: 'أرسل الرمز',
    backToLogin: 'العودة إلى تسجيل الدخول',
  },

  resetPassword: {
    title: 'تعيين كلمة مرور جديدة',
    subtitle: (email: string) =>
      `إن كان ${isolate(email)} مسجّلًا لدينا فستصله رسالة فيها رمز من ${n(resetDigits)} أرقام. أدخل الرمز ثم اختر كلمة مرور جديدة.`,
    subtitleNoEmail: `أدخل بريدك الإلكتروني والرمز المكوّن من ${n(resetDigits)} أرقام الذي وصلك، ثم اختر كلمة مرور جديدة.`,
    codeLabel: 'رمز إعادة التعيين',
    submit: 'حفظ كلمة المرور',
    changeEmail: 'تغيير البريد الإلكتروني',
    successTitle: 'تم تغيير كلمة المرور',
    successText: 'سجّل الدخول الآن بكلمة المرور الجديدة. للأمان، سجّلنا خروجك من جميع الأجهزة.',
    login: 'تسجيل الدخول',
  },

  completeProfile: {
    title: 'أكمل ملفك الشخصي',
    subtitle: 'بضع معلومات تساعد معلمك على التعرّف عليك، وتساعدنا على تذكيرك بمواعيد دروسك.',
    tutorTitle: 'أكمل ملفك كمعلم',
    tutorSubtitle: 'هذه البيانات مطلوبة ليظهر ملفك للطلاب بعد اجتياز المقابلة.',
    personalSection: 'بياناتك الشخصية',
    profileSection: 'ملفك التعريفي للطلاب',
    submit: 'حفظ ومتابعة',
    skip: 'لاحقًا',
    saved: 'تم حفظ بياناتك.',
    checklistTitle: 'ليظهر ملفك للطلاب',
    checklist: {
      emailVerified: 'تأكيد البريد الإلكتروني',
      phoneVerified: 'تأكيد رقم الموبايل',
      personal: 'الاسم والمحافظة والنوع وسنة الميلاد',
      texts: 'النبذة القصيرة والتعريف بنفسك',
      media: 'الصورة والفيديو التعريفي (في جلسة التصوير بالاستوديو)',
      interview: 'اجتياز المقابلة وتفعيل الحساب',
    },
    done: 'تم',
    pending: 'لم يكتمل بعد',
  },

  profile: {
    title: 'ملفي الشخصي',
    subtitle: 'هكذا يظهر حسابك على حوار.',
    verified: 'مؤكَّد',
    unverified: 'غير مؤكَّد',
    verifyNow: 'أكّد الآن',
    notSet: 'غير مُضاف',
    add: 'أضف',
    edit: 'تعديل البيانات',
    role: 'نوع الحساب',
    memberSince: 'عضو منذ',
    photoTitle: 'صورتك الشخصية',
    photoText: 'صورة واضحة لوجهك تجعل معلميك وطلابك يتعرّفون عليك بسهولة.',
    detailsTitle: 'بيانات الحساب',
  },

  settings: {
    title: 'الإعدادات',
    subtitle: 'تحكّم في بياناتك وكلمة المرور وطريقة وصول الإشعارات إليك.',
    tutorSubtitle: 'عدّل ملفك التعريفي وبياناتك وإعدادات حسابك.',
    sections: 'أقسام الإعدادات',
    tabs: {
      personal: 'البيانات الشخصية',
      password: 'كلمة المرور',
      notifications: 'الإشعارات',
      verification: 'التحقق',
      profile: 'الملف التعريفي',
      account: 'الحساب',
    },
    saved: 'تم حفظ التغييرات.',
    noChanges: 'لا توجد تغييرات لحفظها.',
    personal: {
      title: 'البيانات الشخصية',
      description: 'تظهر هذه البيانات لمعلميك وفريق حوار فقط.',
    },
    password: {
      title: 'تغيير كلمة المرور',
      description: 'للأمان، سنسجّل خروجك من جميع الأجهزة الأخرى بعد التغيير.',
      setTitle: 'تعيين كلمة مرور',
      setDescription: 'سجّلت في حوار باستخدام Google. عيّن كلمة مرور لتتمكن من الدخول ببريدك الإلكتروني أيضًا.',
      submit: 'تغيير كلمة المرور',
      setSubmit: 'تعيين كلمة المرور',
      saved: 'تم تغيير كلمة المرور.',
    },
    notifications: {
      title: 'طريقة الإشعارات',
      description: 'اختر التطبيق الذي نرسل عليه تذكيرات الدروس والتنبيهات المهمة.',
      legend: 'أرسل الإشعارات عبر',
      hints: {
        [MessagingApp.Whatsapp]: 'رسائل على رقم الموبايل المسجّل.',
        [MessagingApp.Telegram]: 'رسائل من بوت حوار على تيليجرام.',
      } satisfies Record<MessagingApp, string>,
      needsPhone: 'أضف رقم موبايلك وأكّده في قسم «رقم الموبايل» لتصلك الإشعارات.',
      submit: 'حفظ الاختيار',
    },
    verification: {
      emailTitle: 'البريد الإلكتروني',
      emailVerifiedText: 'بريدك مؤكَّد. يمكنك حجز الدروس وبدء المحادثات.',
      emailUnverifiedText: 'أكّد بريدك لتتمكن من حجز الدروس وبدء المحادثات.',
      verifyEmail: 'أكّد البريد الإلكتروني',
      phoneTitle: 'رقم الموبايل',
      phoneVerifiedText: (phone: string) => `الرقم ${isolate(phone)} مؤكَّد.`,
      phoneUnverifiedText: 'أكّد رقمك برمز يصلك على واتساب أو تيليجرام.',
      changePhone: 'تغيير الرقم',
      method: 'أرسل الرمز عبر',
      sendCode: 'أرسل رمز التحقق',
      codeSent: (phone: string, app: string) =>
        `أرسلنا رمزًا من ${n(resetDigits)} أرقام إلى ${isolate(phone)} عبر ${app}.`,
      codeLabel: 'رمز التحقق',
      verify: 'تأكيد الرقم',
      verified: 'تم تأكيد رقم الموبايل.',
      telegramHint:
        'لتصلك رسائل تيليجرام، افتح بوت حوار واضغط «ابدأ» ثم «مشاركة رقم هاتفي»، وبعدها اطلب الرمز هنا.',
      openTelegramBot: 'افتح بوت حوار على تيليجرام',
    },
    tutorProfile: {
      title: 'ملفك التعريفي',
      description: 'أول ما يراه الطالب عنك في قائمة المعلمين وصفحتك.',
    },
  },

  /** Egyptian governorates in the spec's order (1–30). */
  governorates: {
    [Governorate.Cairo]: 'القاهرة',
    [Governorate.Alexandria]: 'الإسكندرية',
    [Governorate.Giza]: 'الجيزة',
    [Governorate.Dakahlia]: 'الدقهلية',
    [Governorate.Qalyubia]: 'القليوبية',
    [Governorate.Sharkia]: 'الشرقية',
    [Governorate.Beheira]: 'البحيرة',
    [Governorate.Aswan]: 'أسوان',
    [Governorate.Asyut]: 'أسيوط',
    [Governorate.BeniSuef]: 'بني سويف',
    [Governorate.PortSaid]: 'بورسعيد',
    [Governorate.Suez]: 'السويس',
    [Governorate.Minya]: 'المنيا',
    [Governorate.Gharbia]: 'الغربية',
    [Governorate.Ismailia]: 'الإسماعيلية',
    [Governorate.KafrElSheikh]: 'كفر الشيخ',
    [Governorate.Matrouh]: 'مطروح',
    [Governorate.RedSea]: 'البحر الأحمر',
    [Governorate.Sohag]: 'سوهاج',
    [Governorate.Fayoum]: 'الفيوم',
    [Governorate.Luxor]: 'الأقصر',
    [Governorate.Qena]: 'قنا',
    [Governorate.NewValley]: 'الوادي الجديد',
    [Governorate.NorthSinai]: 'شمال سيناء',
    [Governorate.SouthSinai]: 'جنوب سيناء',
    [Governorate.Damietta]: 'دمياط',
    [Governorate.Monufia]: 'المنوفية',
    // The spec lists Monufia twice (27 and 28); both read the same, and only 27 is offered for new choices.
    [Governorate.Minufiya]: 'المنوفية',
    [Governorate.Helwan]: 'حلوان',
    [Governorate.GizaCity]: 'مدينة الجيزة',
  } satisfies Record<Governorate, string>,

  genders: {
    [Gender.Male]: 'ذكر',
    [Gender.Female]: 'أنثى',
  } satisfies Record<Gender, string>,

  messagingApps: {
    [MessagingApp.Whatsapp]: 'واتساب',
    [MessagingApp.Telegram]: 'تيليجرام',
  } satisfies Record<MessagingApp, string>,
} as const;

export type AccountMessages = typeof accountMessages;
