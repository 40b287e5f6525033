import { arabicInteger } from './numerals.ts';

const n = arabicInteger;

/**
 * After the lesson (issue 27): the dialogs of the tutor's summary and homework. A module of their own,
 * loaded with them: the homes only show the button (its label is in `lessonsMessages.lesson`).
 */
export const lessonNoteMessages = {
  title: (name: string) => `ملخص الدرس مع ${name}`,
  writeTitle: (name: string) => `ملخص درسك مع ${name}`,
  description: (when: string) => `درس ${when}`,
  summary: 'ما تعلّمناه',
  homework: 'الواجب',
  noHomework: 'لا يوجد واجب لهذا الدرس.',
  none: 'لم يكتب المعلم ملخصًا لهذا الدرس بعد. سنرسل إليك حين يكتبه.',
  noneStaff: 'لم يكتب المعلم ملخصًا لهذا الدرس.',
  by: (name: string, when: string) => `كتبه ${name} · ${when}`,
  summaryLabel: 'ملخص الدرس',
  summaryHint: (min: number, max: number) =>
    `ما تدربتما عليه وما يحتاج الطالب إلى مراجعته، من ${n(min)} إلى ${n(max)} حرف.`,
  homeworkLabel: 'الواجب',
  homeworkHint: (max: number) => `ما يفعله الطالب قبل الدرس القادم، حتى ${n(max)} حرف.`,
  editableUntil: (when: string) => `يمكنك تعديله حتى ${when}، ويُرسل إشعار إلى الطالب عند كتابته أول مرة.`,
  save: 'حفظ الملخص',
  saved: 'تم حفظ ملخص الدرس',
  loadFailed: 'تعذّر تحميل ملخص الدرس',
  /** Pictures and PDFs on the note (decision 0049). */
  files: 'المرفقات',
  filesLabel: 'مرفقات الملخص',
  filesHint: (max: number, maxMb: number) =>
    `صور أو ملفات PDF يراها الطالب مع الملخص، حتى ${n(max)} ملفات، ${n(maxMb)} ميجابايت للملف.`,
  attach: 'إرفاق صورة أو ملف PDF',
  pending: 'تُرفع عند الحفظ',
  remove: (name: string) => `إزالة ${name}`,
  removeFailed: 'تعذّر إزالة الملف. حاول مرة أخرى.',
  tooMany: (max: number) => `يمكن إرفاق ${n(max)} ملفات على الأكثر بملخص الدرس.`,
  uploadFailed: 'حُفظ الملخص، لكن تعذّر رفع المرفقات. اضغط «حفظ الملخص» لتحاول مرة أخرى.',
  uploadCanceled: 'حُفظ الملخص وأُلغي رفع المرفقات.',
} as const;
