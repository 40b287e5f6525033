import { arabicInteger } from './numerals.ts';

const n = arabicInteger;

/** `m:ss` in Arabic-Indic digits (`١:٠٥`): a voice note's length. */
export function voiceClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${n(Math.floor(seconds / 60))}:${n(seconds % 60).padStart(2, n(0))}`;
}

/**
 * Chat attachments (issue 27): the composer's attach button, the upload's progress and errors, and the
 * pictures, PDF chips and voice-note players in the conversation (the recorder's words are in
 * `chatVoiceMessages`). Its own module so that only the chat conversation loads
 * it, never the homes' chats panel. Imported as `chatAttachmentMessages`.
 */
export const chatAttachmentMessages = {
  attach: 'إرفاق صورة أو ملف PDF',
  chosen: 'المرفقات المختارة',
  remove: (name: string) => `إزالة ${name}`,
  uploading: (percent: number) => `جارٍ رفع المرفقات… ${n(percent)}٪`,
  progressLabel: 'تقدّم رفع المرفقات',
  cancel: 'إلغاء الرفع',
  canceled: 'أُلغي رفع المرفقات.',
  pictureAlt: (name: string) => `صورة مرسلة: ${name}`,
  openPicture: (name: string) => `فتح الصورة ${name} بالحجم الكامل`,
  pictureFailed: 'تعذّر تحميل الصورة.',
  /** Read before a PDF chip's name and size (the chip downloads the file). */
  downloadPrefix: 'تنزيل الملف',
  downloadFailed: 'تعذّر تنزيل الملف.',
  /** A voice note's player in the conversation (decision 0041), named with its length. */
  voiceClock,
  voicePlayer: (seconds: number | null) =>
    seconds === null ? 'رسالة صوتية' : `رسالة صوتية، مدتها ${voiceClock(seconds)}`,
  voiceFailed: 'تعذّر تحميل الرسالة الصوتية.',
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toLocaleString('ar-EG', { maximumFractionDigits: 1 })} م.ب`
      : `${n(Math.max(1, Math.round(bytes / 1024)))} ك.ب`,
  errors: {
    'too-many-files': (max: number) => `يمكنك إرفاق ${n(max)} ملفات على الأكثر في الرسالة الواحدة.`,
    'invalid-type': 'نوع الملف غير مدعوم: أرسل صورة (JPG أو PNG أو GIF أو WebP) أو ملف PDF.',
    'payload-too-large': (maxMb: number) => `حجم الملف أكبر من ${n(maxMb)} ميجابايت.`,
    failed: 'تعذّر إرسال المرفقات. حاول مرة أخرى.',
  },
};
