import { arabicInteger } from './numerals.ts';
import { nouns, plural } from './plural.ts';

const n = arabicInteger;

/**
 * Chat in the student and tutor app (apps/web: /chat, the dashboards' chats panel, "message the tutor",
 * the in-lesson chat). Imported as `chatMessages`.
 */
export const chatMessages = {
  page: {
    title: 'المحادثات',
    pick: 'اختر محادثة',
    pickText: 'اختر محادثة من القائمة لعرض الرسائل والرد عليها.',
  },
  rooms: {
    label: 'قائمة المحادثات',
    searchLabel: 'ابحث في المحادثات',
    searchPlaceholder: 'ابحث بالاسم…',
    empty: 'لا توجد محادثات بعد',
    emptyText: 'راسل معلمك من ملفه الشخصي أو من بطاقة الدرس، وستظهر المحادثة هنا.',
    noResults: 'لا توجد محادثات بهذا الاسم',
    loadFailed: 'تعذّر تحميل المحادثات',
    loadMore: 'عرض المزيد',
    noMessages: 'لا توجد رسائل بعد',
    /** A message of files alone (chat attachments), in the rooms list. */
    attachment: 'مرفق',
    /** The row of a room nobody wrote in yet (made by a booking): an invitation to start. */
    sayHello: (name: string) => `لا رسائل بعد. ألقِ التحية على ${name} وابدأ المحادثة`,
    you: (text: string) => `أنت: ${text}`,
    unread: (count: number) => plural(count, nouns.unreadMessages),
    online: 'متصل الآن',
    offline: 'غير متصل',
    pinned: 'مثبّتة',
    muted: 'الإشعارات مكتومة',
    options: (name: string) => `خيارات المحادثة مع ${name}`,
    pin: 'تثبيت المحادثة',
    unpin: 'إلغاء التثبيت',
    mute: 'كتم الإشعارات',
    unmute: 'إلغاء كتم الإشعارات',
    unnamed: 'مستخدم حوار',
  },
  /** A new message while the user is elsewhere: the toast, the browser notification, the prompt to allow them. */
  alerts: {
    newMessage: (name: string) => `رسالة جديدة من ${name}`,
    open: 'فتح المحادثة',
    openAlt: 'تجد الرسالة في صفحة المحادثات.',
    enable: 'تفعيل إشعارات الرسائل',
    enableHint: 'ليصلك إشعار بالرسائل الجديدة وأنت في تبويب آخر. المحادثات المكتومة لا تُصدر صوتًا ولا إشعارًا.',
  },
  conversation: {
    label: (name: string) => `المحادثة مع ${name}`,
    messages: 'الرسائل',
    back: 'العودة إلى المحادثات',
    loadOlder: 'عرض رسائل أقدم',
    loadFailed: 'تعذّر تحميل الرسائل',
    notFound: 'هذه المحادثة غير متاحة',
    empty: 'لا توجد رسائل بعد. ابدأ المحادثة برسالة ترحيب!',
    typing: (name: string) => `${name} يكتب…`,
    today: 'اليوم',
    yesterday: 'أمس',
    edited: 'معدّلة',
    deleted: 'حُذفت هذه الرسالة',
    sending: 'جارٍ الإرسال',
    sent: 'أُرسلت',
    read: 'قُرئت',
    failed: 'لم تُرسل الرسالة',
    retry: 'إعادة الإرسال',
    actions: 'خيارات الرسالة',
    edit: 'تعديل',
    delete: 'حذف',
    editLabel: 'تعديل الرسالة',
    save: 'حفظ',
    cancel: 'إلغاء',
    deleteTitle: 'حذف الرسالة؟',
    deleteText: 'ستُحذف الرسالة عند الطرفين، ولا يمكن التراجع عن ذلك.',
    deleteConfirm: 'حذف الرسالة',
  },
  composer: {
    label: 'اكتب رسالتك',
    placeholder: 'اكتب رسالة…',
    send: 'إرسال',
    hint: 'Enter للإرسال · Shift+Enter لسطر جديد',
    counter: (count: number, max: number) => `${n(count)} / ${n(max)}`,
    tooLong: (max: number) => `الرسالة أطول من ${n(max)} حرف`,
  },
  verify: {
    title: 'أكّد بريدك الإلكتروني لتبدأ المراسلة',
    text: 'لا يمكن إرسال الرسائل قبل تأكيد بريدك الإلكتروني.',
    action: 'تأكيد البريد',
  },
  start: {
    button: 'راسل المعلم',
    title: (name: string) => `راسل ${name}`,
    description: 'اكتب رسالتك الأولى، وستنتقل بعدها إلى المحادثة.',
  },
  panel: {
    title: 'المحادثات',
    all: 'كل المحادثات',
    empty: 'لا توجد محادثات بعد.',
    loadFailed: 'تعذّر تحميل المحادثات.',
  },
};
