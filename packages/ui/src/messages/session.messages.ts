import { arabicNumbers } from './numerals.ts';
import { nouns, plural } from './plural.ts';

const two = arabicNumbers({ useGrouping: false, minimumIntegerDigits: 2 });

/**
 * The video room (apps/web: /lesson/:id and /session): the pre-join check, the room and its controls,
 * and what is shown when the room cannot be entered. Imported as `sessionMessages`.
 * Camera and microphone failures are `mediaErrorMessages` (spec §8 media errors).
 */
export const sessionMessages = {
  title: 'غرفة الدرس',
  loading: 'جارٍ تجهيز غرفة الدرس',
  preJoin: {
    title: 'جاهز للانضمام؟',
    subtitle: 'تأكد من الكاميرا والميكروفون قبل الدخول.',
    ready: 'جاهز للانضمام',
    join: 'انضم الآن',
    joinWithoutMedia: 'انضم بدون كاميرا وميكروفون',
    preview: 'معاينة الكاميرا',
    cameraOff: 'الكاميرا متوقفة',
    starting: 'جارٍ تشغيل الكاميرا والميكروفون…',
    camera: 'الكاميرا',
    microphone: 'الميكروفون',
    noDevices: 'لا توجد أجهزة',
    deviceLabel: (kind: 'camera' | 'microphone' | 'speaker', index: number) =>
      `${kind === 'camera' ? 'كاميرا' : kind === 'microphone' ? 'ميكروفون' : 'سماعة'} ${index}`,
    micLevel: 'مستوى صوت الميكروفون',
    micHint: 'تكلّم لترى مستوى الصوت يتحرك.',
    retry: 'إعادة المحاولة',
    with: (name: string) => `درس مع ${name}`,
  },
  room: {
    region: 'غرفة الدرس',
    remoteVideo: (name: string) => `فيديو ${name}`,
    selfView: 'صورتك',
    you: 'أنت',
    waiting: (name: string) => `في انتظار انضمام ${name}…`,
    connecting: 'جارٍ الاتصال…',
    reconnecting: 'انقطع الاتصال، جارٍ إعادة الاتصال…',
    peerCameraOff: 'الكاميرا متوقفة',
    peerMuted: 'الميكروفون مكتوم',
    peerSharing: (name: string) => `${name} يشارك الشاشة`,
    youAreSharing: 'أنت تشارك شاشتك',
    enableSound: 'تشغيل الصوت',
    replaced: 'فتحت هذه الغرفة في نافذة أخرى، فأُغلقت هنا.',
    rejoin: 'الانضمام من هنا',
    unnamed: 'المشارك',
  },
  controls: {
    label: 'أدوات التحكم',
    muteMic: 'كتم الميكروفون',
    unmuteMic: 'تشغيل الميكروفون',
    cameraOff: 'إيقاف الكاميرا',
    cameraOn: 'تشغيل الكاميرا',
    shareScreen: 'مشاركة الشاشة',
    stopSharing: 'إيقاف مشاركة الشاشة',
    shareFailed: 'تعذّرت مشاركة الشاشة.',
    openChat: 'فتح المحادثة',
    closeChat: 'إغلاق المحادثة',
    leave: 'مغادرة الدرس',
  },
  devices: {
    menu: 'إعدادات الكاميرا والصوت',
    camera: 'الكاميرا',
    microphone: 'الميكروفون',
    speaker: 'السماعة',
    none: 'لا توجد أجهزة',
    /** After the device in use was unplugged: the room moved to the default one by itself. */
    fallback: (kind: 'camera' | 'microphone' | 'speaker') =>
      `${
        kind === 'camera' ? 'فُصلت الكاميرا' : kind === 'microphone' ? 'فُصل الميكروفون' : 'فُصلت السماعة'
      }، فانتقلنا إلى الجهاز الافتراضي.`,
    /** A camera picked while sharing the screen. */
    cameraAfterSharing: 'ستظهر الكاميرا الجديدة بعد إيقاف مشاركة الشاشة.',
  },
  timer: {
    label: 'وقت الدرس',
    remaining: (ms: number) => {
      const seconds = Math.max(0, Math.ceil(ms / 1000));
      return `متبقٍ ${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
    },
    countdown: (minutes: number) => `يبدأ بعد ${plural(minutes, nouns.minutes)}`,
    canJoinNow: 'يمكنك الدخول الآن',
    started: (minutes: number) => (minutes === 0 ? 'بدأ الآن' : `بدأ منذ ${plural(minutes, nouns.minutes)}`),
    ended: 'انتهى الدرس',
    canceled: 'أُلغي الدرس',
  },
  quality: {
    label: 'جودة الاتصال',
    good: 'اتصال جيد',
    fair: 'اتصال متوسط',
    poor: 'اتصال ضعيف',
    unknown: 'جارٍ قياس الاتصال',
    details: (rttMs: number | null, lossPercent: number | null) =>
      [
        rttMs === null
          ? null
          : `زمن الاستجابة ${new Intl.NumberFormat('ar-EG').format(Math.round(rttMs))} مللي ثانية`,
        lossPercent === null
          ? null
          : `فقد الحزم ${new Intl.NumberFormat('ar-EG', { maximumFractionDigits: 1 }).format(lossPercent)}٪`,
      ]
        .filter(Boolean)
        .join(' · '),
  },
  chat: {
    title: 'المحادثة',
    unavailable: 'المحادثة غير متاحة لهذه الجلسة.',
  },
  ended: {
    title: 'انتهى الدرس',
    subtitle: 'شكرًا لك! نتمنى أن يكون الدرس مفيدًا.',
    left: 'غادرت الدرس',
    leftSubtitle: 'يمكنك العودة ما دام الدرس لم ينتهِ.',
    rejoin: 'العودة إلى الدرس',
    rate: 'قيّم المعلم',
    back: 'العودة إلى دروسي',
  },
  unavailable: {
    title: 'لا يمكن دخول هذه الغرفة',
    notFound: 'هذه الجلسة غير موجودة.',
    notMember: 'هذه الغرفة لعضوَي الدرس فقط: المعلم والطالب.',
    invalid: 'رابط الجلسة غير صحيح.',
    back: 'العودة إلى دروسي',
  },
} as const;
