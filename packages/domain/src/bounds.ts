/**
 * Every fixed number of the product rules (`shared/design/rules.md`) in one frozen object, so schemas,
 * services and screens read the same figure. Staff-editable numbers are in `settings.ts` instead.
 *
 * Units are in the key or the comment: lengths in characters, money in piasters (1 EGP = 100),
 * percentages in basis points (100 % = 10,000), sizes in bytes.
 */

const MIB = 1024 * 1024;

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (
      child !== null &&
      typeof child === 'object' &&
      !(child instanceof RegExp) &&
      !Object.isFrozen(child)
    ) {
      deepFreeze(child);
    }
  }
  return Object.freeze(value);
}

export const BOUNDS = deepFreeze({
  // Accounts
  userName: { min: 2, max: 30 },
  password: { min: 8, max: 50 },
  /** Age in whole years computed from the birth year (`young-user` below, `old-user` above). */
  age: { min: 10, max: 60 },
  verificationCode: {
    emailDigits: 4,
    resetDigits: 5,
    ttlMinutes: 15,
    /** Wrong attempts after which the code is void. */
    maxAttempts: 5,
    sendsPerMinute: 1,
    sendsPerHour: 5,
  },
  verifyLinkHours: 24,
  token: { lifetimeDays: 7, refreshThresholdDays: 2 },

  // Tutor profile and topics
  bio: { min: 25, max: 60 },
  tutorAbout: { min: 50, max: 1000 },
  topicName: { min: 3, max: 50 },
  topicsPerUser: { max: 30 },
  /** How many days ahead a student may book a tutor. */
  noticeDays: { min: 1, max: 60, default: 14 },
  /**
   * Tutors one student may save as favourites (`reached-favorites-limit` beyond): the directory and the
   * profile learn which are saved from one list of ids, so that list stays one small answer.
   */
  favoriteTutors: { max: 100 },

  // Availability and lessons
  /** Slots and lesson starts sit on this grid. */
  scheduleGridMinutes: 15,
  slotMinutes: { min: 30, max: 12 * 60 },
  copyWeekMaxWeeks: 8,
  /** Members may enter the room this long before start, until the end. */
  joinEarlyMinutes: 10,
  /** "Can join now" is shown during the first minutes of a lesson. */
  joinNowLabelMinutes: 3,
  reminderMinutesBefore: [24 * 60, 60],
  interviewMinutes: 30,
  /**
   * Lessons one member may cancel per hour (staff are not counted): each cancellation e-mails the
   * other member, so a book-and-cancel loop cannot flood a tutor's inbox.
   */
  lessonCancelsPerHour: 10,

  // Plans, subscriptions, coupons
  planAlias: { min: 3, max: 50 },
  weeklyMinutes: { min: 15, max: 7 * 24 * 60, step: 15 },
  planDiscountBasisPoints: { min: 0, max: 10_000 },
  couponCode: { min: 4, max: 20, pattern: /^[A-Z0-9-]{4,20}$/ },
  couponDiscountBasisPoints: { min: 100, max: 10_000 },
  cardInstallmentCounts: [2, 4],
  bankInstallmentMonths: [3, 6],
  installmentGraceDays: 7,

  // Ratings, chat, interviews
  rating: { min: 1, max: 5 },
  ratingText: { min: 3, max: 1000 },
  /** After the lesson (issue 27): the tutor's summary and homework, plain text. */
  lessonNoteSummary: { min: 10, max: 2000 },
  lessonNoteHomework: { max: 2000 },
  /**
   * Pictures and PDFs on a lesson's note (decision 0049), at most this many in all; each file within
   * `chatAttachments`' limits (the same pipeline).
   */
  lessonNoteFiles: { perNote: 3 },
  /** A student's reason for a refund request, and staff's note when declining one (plain text). */
  refundRequestReason: { min: 10, max: 1000 },
  refundDeclineNote: { min: 3, max: 500 },
  /** Hours after a lesson ends during which its tutor may write or change its summary. */
  lessonNoteWindowHours: 48,
  /** Visible characters, after sanitising HTML. */
  messageText: { min: 1, max: 1000 },
  /**
   * Chat messages one user may send, edit or delete (over the socket or `POST /chat/new`): a burst at
   * once, then so many a minute (decision 0032). Above it: `too-many-requests`.
   */
  chatMessages: { burst: 20, perMinute: 60 },
  /** "Typing" signals and read receipts one user may send: a burst, then so many a minute. */
  chatSignals: { burst: 60, perMinute: 300 },
  /**
   * Events of any kind one socket connection may send: a burst, then so many a minute (a lesson's
   * call setup sends a few dozen signals at once). Above it: `too-many-requests`, nothing done.
   */
  socketEvents: { burst: 120, perMinute: 1200 },
  interviewNote: { min: 5, max: 1000 },
  interviewFeedback: { min: 5, max: 1000 },
  interviewLevel: { min: 1, max: 5 },
  interviewRetakeMonths: 6,

  // Reports and contact requests
  reportTitle: { min: 5, max: 128 },
  reportDescription: { min: 10, max: 1000 },
  contactRequestTitle: { min: 5, max: 128 },
  contactRequestMessage: { min: 10, max: 1000 },
  contactRequestName: { min: 2, max: 60 },
  /** A reply in a report's conversation. */
  reportReply: { min: 1, max: 1000 },
  /** Contact requests one address may send per hour (the public form). */
  contactRequestsPerHour: 5,

  // Withdrawals
  /** Defaults for a withdraw method's staff-configured limits. */
  withdrawPiasters: { min: 100_00, max: 50_000_00 },
  invoiceProcessingWorkingDays: { min: 4, max: 5 },
  /** A staff note on an invoice, plain text. */
  invoiceNote: { max: 1000 },

  // Lists, toasts, uploads
  pageSize: { default: 10, max: 100 },
  toastDurationMs: 4000,
  upload: {
    avatarMinPixels: 480,
    imageMaxBytes: 10 * MIB,
    videoMaxBytes: 400 * MIB,
  },
  /**
   * Chat attachments (issue 27): pictures (JPG, PNG, GIF, WebP; re-encoded, at most `pictureMaxSide`
   * pixels on a side) and PDFs, checked by their content; a few per message.
   */
  chatAttachments: {
    perMessage: 3,
    pictureMaxBytes: 10 * MIB,
    pdfMaxBytes: 10 * MIB,
    pictureMaxSide: 1600,
    /** Characters of a file name kept for display. */
    nameMax: 120,
  },
} as const);

export type Bounds = typeof BOUNDS;
