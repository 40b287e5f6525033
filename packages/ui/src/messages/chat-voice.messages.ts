import { voiceClock as clock } from './chat-attachments.messages.ts';
import { arabicInteger } from './numerals.ts';

const n = arabicInteger;

/** "n ثانية/ثوانٍ/دقيقة" said aloud, for the recorder's announcements. */
function spoken(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds >= 60 && seconds % 60 === 0) {
    return seconds === 60 ? 'دقيقة' : seconds === 120 ? 'دقيقتان' : `${n(seconds / 60)} دقائق`;
  }
  if (seconds === 1) {
    return 'ثانية واحدة';
  }
  if (seconds === 2) {
    return 'ثانيتان';
  }
  return seconds <= 10 ? `${n(seconds)} ثوانٍ` : `${n(seconds)} ثانية`;
}

/**
 * Voice notes in chat (issue 27 item 6, decision 0041): the composer's recorder (start, stop, preview,
 * send or discard; a timer announced politely); the player's words are in `chatAttachmentMessages`.
 * Its own module so that only the chat conversation's composer loads it. Imported as `chatVoiceMessages`.
 */
export const chatVoiceMessages = {
  clock,
  record: 'تسجيل رسالة صوتية',
  stop: 'إيقاف التسجيل',
  /** The visible timer while recording, e.g. "٠:٠٥ من ٢:٠٠". */
  elapsed: (seconds: number, maxSeconds: number) => `${clock(seconds)} من ${clock(maxSeconds)}`,
  recording: 'جارٍ التسجيل',
  /** Announced politely while recording: when it starts, every half minute, and near the limit. */
  announce: {
    started: (maxSeconds: number) =>
      `بدأ التسجيل. الحد الأقصى ${spoken(maxSeconds)}. اضغط «إيقاف التسجيل» للانتهاء.`,
    elapsed: (seconds: number) => `مضى على التسجيل ${spoken(seconds)}.`,
    remaining: (seconds: number) => `بقي على انتهاء التسجيل ${spoken(seconds)}.`,
    stopped: (seconds: number) => `انتهى التسجيل، مدته ${spoken(seconds)}. استمع إليه ثم أرسله أو احذفه.`,
    limit: (maxSeconds: number) =>
      `توقف التسجيل لبلوغه الحد الأقصى (${spoken(maxSeconds)}). استمع إليه ثم أرسله أو احذفه.`,
    sent: 'أُرسلت الرسالة الصوتية.',
    discarded: 'حُذف التسجيل.',
  },
  preview: 'معاينة الرسالة الصوتية قبل إرسالها',
  send: 'إرسال الرسالة الصوتية',
  discard: 'حذف التسجيل',
  errors: {
    unsupported:
      'متصفحك لا يدعم تسجيل الرسائل الصوتية. جرّب أحدث إصدار من Chrome أو Firefox أو Edge، أو اكتب رسالتك.',
    denied:
      'لم يُسمح باستخدام الميكروفون. اسمح لهذا الموقع باستخدامه من إعدادات المتصفح (رمز القفل بجوار العنوان) ثم حاول مرة أخرى.',
    'no-microphone': 'لم نجد ميكروفونًا متصلًا بجهازك. وصّل ميكروفونًا ثم حاول مرة أخرى.',
    busy: 'الميكروفون مستخدم في تطبيق آخر. أغلقه ثم حاول مرة أخرى.',
    failed: 'تعذّر التسجيل. حاول مرة أخرى.',
    empty: 'التسجيل فارغ. سجّل رسالتك مرة أخرى.',
    'payload-too-large': 'الرسالة الصوتية أطول من دقيقتين أو أكبر من ٢ ميجابايت. سجّل رسالة أقصر.',
    'unsupported-media-type': 'تعذّر قبول هذا التسجيل الصوتي. سجّل رسالتك مرة أخرى.',
  },
};
