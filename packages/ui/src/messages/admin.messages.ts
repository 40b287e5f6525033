import { nouns, plural } from './plural.ts';

/** The back office's own strings (apps/admin): its title, sidebar, page names and the sign-in form. */
export const adminMessages = {
  title: 'لوحة الإدارة',
  sidebar: 'قائمة الإدارة',
  nav: {
    dashboard: 'لوحة التحكم',
    photoSessions: 'جلسات التصوير',
    users: 'المستخدمون',
    invoices: 'طلبات السحب',
    refundRequests: 'طلبات الاسترداد',
    plans: 'الخطط',
    interviews: 'المقابلات',
    lessons: 'الدروس',
    topics: 'المواضيع',
    platformSettings: 'إعدادات المنصة',
    userSettings: 'إعدادات الحساب',
    reports: 'البلاغات',
    contactRequests: 'طلبات التواصل',
  },
  /** The live counts beside the sidebar's entries, read out after the entry's name. */
  badges: {
    reports: (count: number) => `${plural(count, nouns.reports)} مفتوحة`,
    requests: (count: number) => `${plural(count, nouns.requests)} بانتظار الرد`,
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
  /** The sign-in screen, where every visit starts (its strings load with it, issue 16). */
  login: {
    subtitle: 'ادخل بحساب فريق العمل لإدارة حوار.',
    form: 'نموذج تسجيل الدخول',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    remember: 'تذكّرني على هذا الجهاز',
    rememberHint: 'لا تفعّله على جهاز مشترك.',
    submit: 'تسجيل الدخول',
    forgotPassword: 'نسيت كلمة المرور؟',
  },
} as const;
