/**
 * "My tutors" on the student's home (issue 27): the list of the tutors they saved and had lessons with,
 * on a chunk of its own with the list (the section's heading is `lessonsMessages.dashboard.myTutors`).
 * Imported as `myTutorsMessages`.
 */
export const myTutorsMessages = {
  listLabel: 'معلموك',
  empty: 'لا يوجد معلمون هنا بعد',
  emptyText: 'اضغط على القلب في بطاقة أي معلم ليظهر هنا، أو احجز درسك الأول.',
  findTutors: 'تصفّح المعلمين',
  bookAgain: 'احجز مرة أخرى',
  bookAgainWith: (name: string) => `احجز مرة أخرى مع ${name}`,
  lastLesson: (date: string) => `آخر درس: ${date}`,
  nextLesson: (date: string) => `الدرس القادم: ${date}`,
  noLessons: 'لا دروس بينكما بعد',
  unavailable: 'لا يستقبل حجوزات حاليًا',
  loadFailed: 'تعذّر تحميل معلميك',
  showMore: 'عرض المزيد',
} as const;
