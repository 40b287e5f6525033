import { Role } from '@hiwar/domain';
import { formatNumber } from '../format.ts';
import { REPORT_PROBLEM } from './shared-wording.ts';

/**
 * The Arabic (ar-EG) message catalogue: every visible UI string of the three apps, worded once so the
 * same action reads the same everywhere; grouped by area, not by component. Numbers inside sentences
 * are written with Arabic-Indic digits, as `Intl` formats them for ar-EG.
 *
 * `messages` holds what every app shows (the app's name, common actions, theme, toasts, 404, roles);
 * each area is its own export (`accountMessages`, `checkoutMessages`, `adminUsersMessages`…), imported
 * where it is used. A screen's chunk then carries its own area's strings, and the first screen of an
 * app loads only the few it shows (issue 16, decision 0023): one object holding every area would put
 * the whole catalogue into every app's first download.
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
    /** Opens the problem report (the lesson card's button; the support area's `report.action`). */
    reportProblem: REPORT_PROBLEM,
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
  /** Labels of the shared form controls (PasswordInput, CodeInput). */
  controls: {
    showPassword: 'إظهار كلمة المرور',
    hidePassword: 'إخفاء كلمة المرور',
    /** Announced for the one-time-code field: "رمز من ٤ أرقام". */
    codeDigits: (length: number) => `رمز من ${formatNumber(length, { useGrouping: false })} أرقام`,
  },
  /** The lesson picture of the web app's home and the public site's hero (ConversationIllustration). */
  illustration: {
    label: 'مثال على محادثة في درس على حوار',
    lessonBadge: 'درس فردي · ٣٠ دقيقة',
    tutorLine: 'Hi! How was your weekend?',
    studentLine: 'It was great, I go to Alexandria.',
    correction: 'ممتاز! قُل: I went to Alexandria',
  },
  roles: {
    [Role.SuperAdmin]: 'مدير عام',
    [Role.RegularAdmin]: 'مسؤول',
    [Role.Tutor]: 'معلم',
    [Role.Student]: 'طالب',
    [Role.TutorManager]: 'مدير المعلمين',
    [Role.Studio]: 'الاستوديو',
  } satisfies Record<Role, string>,
} as const;

export type Messages = typeof messages;

export { accountMessages } from './account.messages.ts';
export { adminMessages } from './admin.messages.ts';
export { adminDashboardMessages } from './admin-dashboard.messages.ts';
export { adminInterviewsMessages } from './admin-interviews.messages.ts';
export { adminLessonsMessages } from './admin-lessons.messages.ts';
export { adminPaymentsMessages } from './admin-payments.messages.ts';
export { adminUsersMessages } from './admin-users.messages.ts';
export { bookingWizardMessages } from './booking-wizard.messages.ts';
export { chatMessages } from './chat.messages.ts';
export { chatAttachmentMessages } from './chat-attachments.messages.ts';
export { chatVoiceMessages } from './chat-voice.messages.ts';
export { checkoutMessages } from './checkout.messages.ts';
export { freeTimesMessages } from './free-times.messages.ts';
export { interviewsMessages } from './interviews.messages.ts';
export { invoicesMessages } from './invoices.messages.ts';
export { landingMessages, siteMessages } from './landing.messages.ts';
export { lessonNoteMessages } from './lesson-notes.messages.ts';
export { lessonsMessages } from './lessons.messages.ts';
export { myTutorsMessages } from './my-tutors.messages.ts';
export { scheduleMessages } from './schedule.messages.ts';
export { sessionMessages } from './session.messages.ts';
export { subscriptionManageMessages } from './subscription-manage.messages.ts';
export { supportMessages } from './support.messages.ts';
export { lessonStatusMessages, tutorDashboardMessages } from './tutor-dashboard.messages.ts';
export { webMessages } from './web.messages.ts';
