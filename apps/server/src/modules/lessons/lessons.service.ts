import {
  AppError,
  type BookingQuota,
  type BookLessonRequest,
  LessonCanceler as Canceler,
  cancellationOutcome,
  checkBooking,
  checkCancellation,
  checkReschedule,
  checkTrial,
  type FindLessonsQuerySchema,
  type Interval,
  installmentStanding,
  isStaff,
  LESSON_BOOKED_EVENT,
  LESSON_CANCELED_EVENT,
  LESSON_RESCHEDULED_EVENT,
  type Lesson,
  type LessonCanceler,
  type LessonDuration,
  type LessonEvent,
  type LessonEventName,
  type LessonFacts,
  lessonInterval,
  lessonStatus,
  quotaWeek,
  type RescheduleLessonRequest,
  Role,
  type TrialStatusResponse,
  tutorEarning,
  weeklyQuota,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { forbidden, isAdmin } from '../../core/auth.ts';
import { type Database, pipelinedTransaction, retryTransaction, type Transaction } from '../../db/client.ts';
import { forceGenericPlans } from '../../db/prepared.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { lockSlotHolding } from '../availability/availability.repository.ts';
import { announceRoom } from '../chat/chat.service.ts';
import type { MailSender } from '../notifications/mail.ts';
import { lessonCanceledMail } from '../notifications/templates.ts';
import type { SubscriptionHooks } from '../payments/payment-status.ts';
import { findTrialPayments } from '../payments/transactions.repository.ts';
import { readPlatformSettings, settingsFromRows } from '../settings/platform-settings.repository.ts';
import { isListed } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { findUserById, lockUser, type UserRow } from '../users/users.repository.ts';
import { scheduleLessonReminders } from './lesson-reminders.repository.ts';
import {
  type BookingContext,
  cancelLessonRows,
  findBookingContext,
  findFutureLessonsOfSubscription,
  findFutureTrialLessons,
  findLesson,
  findLessonRows,
  findLessonViews,
  findTakenTrial,
  insertLesson,
  type LessonRow,
  type LessonViewRow,
  lockLesson,
  lockStudent,
  moveLessonRow,
} from './lessons.repository.ts';

export type LessonsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  broadcast: Broadcast | null;
  /** The chat room a first booking creates is announced to the members' sockets (realtime role). */
  realtime: Realtime | null;
  tutorsCache: TutorsCache;
  mailer: MailSender;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

/** The rules' view of a stored lesson. */
export function lessonFacts(row: LessonRow): LessonFacts {
  return {
    start: row.startsAt,
    duration: row.duration,
    tutorId: row.tutorId,
    studentId: row.studentId,
    canceledAt: row.canceledAt,
    canceledBy: row.canceledBy as LessonCanceler | null,
    canceledById: row.canceledById,
  };
}

/** The API's lesson; its status derived at `now`. */
export function toLesson(view: LessonViewRow, files: Pick<StoredFiles, 'uploadUrl'>, now: Date): Lesson {
  const { lesson } = view;
  const member = (row: LessonViewRow['tutor']) => ({
    id: row.id,
    name: row.name,
    image: row.image ? files.uploadUrl(row.image) : null,
  });
  return {
    id: lesson.id,
    tutor: member(view.tutor),
    student: member(view.student),
    start: lesson.startsAt.toISOString(),
    end: lesson.endsAt.toISOString(),
    duration: lesson.duration as LessonDuration,
    price: lesson.price,
    intro: lesson.intro,
    trial: lesson.trial,
    status: lessonStatus(lessonFacts(lesson), now).status,
    canceledBy: lesson.canceledBy as LessonCanceler | null,
    canceledAt: lesson.canceledAt?.toISOString() ?? null,
    minutesReturned: lesson.minutesReturned,
    createdAt: lesson.createdAt.toISOString(),
    updatedAt: lesson.updatedAt.toISOString(),
  };
}

/**
 * What a booking spends: the quota week of a subscription, the free introductory lesson, or the
 * student's trial lesson.
 */
type Spending = { quota: BookingQuota; subscriptionId: number | null; intro: boolean; trial: boolean };

const NO_QUOTA: Spending = { quota: null, subscriptionId: null, intro: false, trial: false };
const INTRO: Spending = { quota: 'intro', subscriptionId: null, intro: true, trial: false };
const TRIAL: Spending = { quota: 'trial', subscriptionId: null, intro: false, trial: true };

/**
 * The quota a lesson starting at `start` is checked against (rules.md "Lessons"): the subscription
 * active then, its quota week and the minutes spent in it (0 left while paused by an unpaid
 * installment); without a subscription, the free introductory lesson with a TutorManager, once.
 * The context leaves out a lesson being moved, so its minutes count as given back.
 */
function spendingFor(
  context: BookingContext,
  options: { tutorIsManager: boolean; start: Date; now: Date; intro?: boolean; trial?: boolean },
): Spending {
  const { subscription } = context;
  if (options.trial) {
    return TRIAL;
  }
  if (options.intro) {
    return INTRO;
  }
  if (subscription) {
    const term = {
      start: subscription.startsAt,
      end: subscription.endsAt,
      endedAt: subscription.endedAt,
      weeklyMinutes: subscription.weeklyMinutes,
    };
    if (!quotaWeek(term, options.start)) {
      return NO_QUOTA;
    }
    const { paused } = installmentStanding(context.installments, options.now);
    return {
      // `weeklyQuota` counts only the lessons starting in the week.
      quota: weeklyQuota(term, context.spending, options.start, { paused }),
      subscriptionId: subscription.id,
      intro: false,
      trial: false,
    };
  }
  if (options.tutorIsManager && !context.hasIntroLesson) {
    return INTRO;
  }
  return NO_QUOTA;
}

type FindLessonsInput = z.output<typeof FindLessonsQuerySchema>;

/** The lesson a member or an admin may see; anyone else is told it does not exist. */
export function visibleTo(row: LessonRow | null, caller: UserRow): LessonRow {
  if (!row || (row.tutorId !== caller.id && row.studentId !== caller.id && !isAdmin(caller))) {
    throw new AppError('lesson-not-found');
  }
  return row;
}

/**
 * Booking, rescheduling and cancelling lessons (rules.md "Lessons"). Every rule is checked by the
 * domain's `checkBooking` inside one transaction holding the student's row lock (so one student's
 * requests run one at a time: the upcoming-lesson limit and the quota hold) and a share lock on the
 * window (so a schedule change cannot remove it underneath). Overlaps between different students are
 * settled by the exclusion constraints: of two bookings racing for one tutor's time, one commits and
 * the other gets `busy-tutor`.
 */
export function createLessonsService(deps: LessonsDeps) {
  const { db, files, clock, log } = deps;
  const lessonsUrl = `${deps.config.publicUrls.web.replace(/\/$/, '')}/upcoming-lessons`;

  async function views(ids: readonly number[], now: Date): Promise<Lesson[]> {
    return (await findLessonViews(db, ids)).map((view) => toLesson(view, files, now));
  }

  /** Tells both members' open tabs, on every instance. */
  function emit(event: LessonEventName, lessons: readonly Lesson[]) {
    for (const lesson of lessons) {
      for (const userId of [lesson.tutor.id, lesson.student.id]) {
        deps.broadcast?.toUser(userId, event, { lesson } satisfies LessonEvent);
      }
    }
  }

  /** E-mails the members who did not cancel (students told of a tutor's cancellation, and so on). */
  async function mailCancellations(lessons: readonly Lesson[], byUserId: number | null) {
    for (const lesson of lessons) {
      const canceledBy = lesson.canceledBy ?? Canceler.Staff;
      for (const [member, other] of [
        [lesson.student, lesson.tutor],
        [lesson.tutor, lesson.student],
      ] as const) {
        if (member.id === byUserId) {
          continue;
        }
        const user = await findUserById(db, member.id);
        if (!user) {
          continue;
        }
        const mail = lessonCanceledMail({
          name: user.name,
          withName: other.name,
          canceledBy,
          start: new Date(lesson.start),
          duration: lesson.duration,
          minutesReturned:
            member.id === lesson.student.id && !lesson.intro && !lesson.trial ? lesson.minutesReturned : null,
          lessonsUrl,
          timeZone: user.timezone,
        });
        await deps.mailer.send({ to: user.email, ...mail });
      }
    }
  }

  /** After a cancellation committed: events, e-mails (best effort) and the tutors cache. */
  function announceCancellations(rows: readonly LessonRow[], byUserId: number | null, now: Date) {
    if (rows.length === 0) {
      return;
    }
    void views(
      rows.map((row) => row.id),
      now,
    )
      .then(async (lessons) => {
        emit(LESSON_CANCELED_EVENT, lessons);
        await mailCancellations(lessons, byUserId);
      })
      .catch((error: unknown) => log.error({ err: error }, 'lesson cancellation notice failed'));
    void deps.tutorsCache.tutorsChanged('lessons', [...new Set(rows.map((row) => row.tutorId))]);
  }

  /**
   * Every booking rule for `lesson` at `now`, against what `findBookingContext` read in the caller's
   * transaction (the student's row locked, the window share-locked): a listed tutor (rules.md
   * "Tutors", else `tutor-not-found`), the window holding it, the tutor's and student's lessons
   * around it, the student's upcoming count and the quota. Throws the first rule broken.
   */
  function checkRules(
    context: BookingContext,
    input: { lesson: Interval & { duration: number }; now: Date; moving?: LessonRow; trial?: boolean },
  ) {
    const { lesson, now, moving } = input;
    const { tutor, window } = context;
    if (!tutor || !isListed(tutor.user, tutor.tutor)) {
      throw new AppError('tutor-not-found');
    }
    const settings = settingsFromRows(context.settingRows);
    const trial = moving ? moving.trial : input.trial === true;
    if (trial) {
      // A trial being moved stays one, at its own length, even if staff changed the trial's settings
      // since; a new one follows the settings in force.
      const trialCode = moving
        ? lesson.duration === moving.duration
          ? 'ok'
          : 'trial-duration-invalid'
        : checkTrial({
            settings,
            used: context.hasTrialLesson,
            duration: lesson.duration,
            paid: context.hasTrialPayment,
          });
      if (trialCode !== 'ok') {
        throw new AppError(trialCode);
      }
    }
    const spending = spendingFor(context, {
      tutorIsManager: tutor.user.role === Role.TutorManager,
      start: lesson.start,
      now,
      intro: moving?.intro,
      trial,
    });
    const code = checkBooking({
      start: lesson.start,
      duration: lesson.duration,
      now,
      settings,
      tutorNoticeDays: tutor.tutor.notice,
      windows: window ? [{ start: window.startsAt, end: window.endsAt }] : [],
      tutorBusy: context.tutorBusy,
      studentBusy: context.studentBusy,
      upcomingCount: context.upcomingCount,
      quota: spending.quota,
    });
    if (code !== 'ok') {
      throw new AppError(code);
    }
    return { spending, settings, tutor: tutor.user, window };
  }

  return {
    /** `GET /lesson/trial`: whether the student may book their trial lesson now (`checkTrial`). */
    async trialStatus(student: UserRow): Promise<TrialStatusResponse> {
      const [settings, taken, payments] = await Promise.all([
        readPlatformSettings(db),
        findTakenTrial(db, student.id),
        findTrialPayments(db, student.id),
      ]);
      const code = checkTrial({
        settings,
        used: taken !== null,
        duration: settings.trialLessonMinutes,
        paid: payments.paid,
      });
      return {
        // A priced trial not paid yet is still available: the screens offer to pay for it first.
        available: code === 'ok' || code === 'trial-payment-required',
        reason: code === 'trial-unavailable' || code === 'trial-already-used' ? code : null,
        minutes: settings.trialLessonMinutes as LessonDuration,
        lessonId: taken?.id ?? null,
        price: settings.trialLessonPrice,
        paid: payments.paid,
        openTransactionId: payments.openTransactionId,
      };
    },

    /**
     * `POST /lesson/`: the student books a listed tutor. Two round trips to PostgreSQL in the
     * transaction (`pipelinedTransaction`): BEGIN, the student's row lock and what the rules read go
     * out together; the lesson with its reminders and room goes out with COMMIT.
     */
    async bookLesson(student: UserRow, input: BookLessonRequest): Promise<Lesson> {
      const now = clock();
      const lesson = {
        ...lessonInterval({ start: new Date(input.start), duration: input.duration }),
        duration: input.duration,
      };
      const { row, tutor } = await retryTransaction(() =>
        pipelinedTransaction(db, async (tx, commit) => {
          // The lock first (one student's bookings run one at a time), then what the rules read, in a
          // statement of its own: it starts once the lock is held, so it sees what a booking of the
          // same student committed meanwhile. It also share-locks the window.
          const [, , context] = await Promise.all([
            forceGenericPlans(tx),
            lockStudent(tx, student.id),
            findBookingContext(tx, { tutorId: input.tutorId, studentId: student.id }, lesson, now, {
              slotId: input.slotId,
            }),
          ]);
          const { spending, settings, tutor, window } = checkRules(context, {
            lesson,
            now,
            trial: input.trial,
          });
          const row = await commit(() =>
            insertLesson(
              tx,
              {
                tutorId: tutor.id,
                studentId: student.id,
                startsAt: lesson.start,
                duration: lesson.duration,
                endsAt: lesson.end,
                price: tutorEarning(lesson.duration, settings.tutorHourlyRate, spending.intro),
                intro: spending.intro,
                trial: spending.trial,
                slotId: window?.id ?? null,
                subscriptionId: spending.subscriptionId,
              },
              { remindersAt: now },
            ),
          );
          return { row, tutor };
        }),
      );
      const booked = toLesson({ lesson: row, tutor, student }, files, now);
      emit(LESSON_BOOKED_EVENT, [booked]);
      if (row.newRoomId !== null) {
        void announceRoom(deps, row.newRoomId, [row.tutorId, row.studentId]).catch((error: unknown) =>
          log.error({ err: error }, 'chat room notice failed'),
        );
      }
      await deps.tutorsCache.tutorsChanged('lessons', [row.tutorId]);
      return booked;
    },

    /**
     * `PATCH /lesson`: the student moves their pending lesson to another time with the same tutor
     * (and 15 or 30 minutes); every booking rule is checked again with the lesson itself left out.
     */
    async rescheduleLesson(student: UserRow, input: RescheduleLessonRequest): Promise<Lesson> {
      const now = clock();
      const { row, tutor } = await retryTransaction(() =>
        db.transaction(async (tx) => {
          await lockUser(tx, student.id);
          const found = await findLesson(tx, input.id);
          if (!found || found.studentId !== student.id) {
            throw new AppError('lesson-not-found');
          }
          const duration = input.duration ?? found.duration;
          const lesson = { ...lessonInterval({ start: new Date(input.start), duration }), duration };
          // Window before lesson, the order a schedule change locks them in (no deadlock between them);
          // the context reads the window again.
          await lockSlotHolding(tx, found.tutorId, lesson, input.slotId);
          const current = (await lockLesson(tx, found.id))!;
          const state = checkReschedule(lessonFacts(current), now);
          if (state !== 'ok') {
            throw new AppError(state);
          }
          const context = await findBookingContext(
            tx,
            { tutorId: current.tutorId, studentId: student.id },
            lesson,
            now,
            { excludeId: current.id, slotId: input.slotId },
          );
          const { spending, settings, tutor, window } = checkRules(context, { lesson, now, moving: current });
          const row = await moveLessonRow(tx, current.id, {
            startsAt: lesson.start,
            duration,
            endsAt: lesson.end,
            slotId: window?.id ?? null,
            price:
              duration === current.duration
                ? current.price
                : tutorEarning(duration, settings.tutorHourlyRate, spending.intro),
            subscriptionId: spending.subscriptionId,
          });
          await scheduleLessonReminders(tx, row, now);
          return { row, tutor };
        }),
      );
      const moved = toLesson({ lesson: row, tutor, student }, files, now);
      emit(LESSON_RESCHEDULED_EVENT, [moved]);
      await deps.tutorsCache.tutorsChanged('lessons', [row.tutorId]);
      return moved;
    },

    /**
     * `DELETE /lesson/{id}`: either member, or an admin, cancels before the lesson ends; irreversible.
     * A student's late cancellation (under `freeCancelHours` before start) still spends the minutes.
     */
    async cancelLesson(caller: UserRow, id: number): Promise<{ lesson: Lesson }> {
      const now = clock();
      const settings = await readPlatformSettings(db);
      const row = await db.transaction(async (tx) => {
        const current = visibleTo(await lockLesson(tx, id), caller);
        const state = checkCancellation(lessonFacts(current), now);
        if (state !== 'ok') {
          throw new AppError(state);
        }
        const by: LessonCanceler =
          current.studentId === caller.id
            ? Canceler.Student
            : current.tutorId === caller.id
              ? Canceler.Tutor
              : Canceler.Staff;
        const outcome = cancellationOutcome(lessonFacts(current), by, now, settings.freeCancelHours);
        const [canceled] = await cancelLessonRows(tx, [current.id], {
          by,
          byId: caller.id,
          minutesReturned: outcome.minutesReturned,
          at: now,
        });
        return canceled!;
      });
      const [lesson] = await views([row.id], now);
      emit(LESSON_CANCELED_EVENT, [lesson!]);
      void mailCancellations([lesson!], caller.id).catch((error: unknown) =>
        log.error({ err: error }, 'lesson cancellation e-mail failed'),
      );
      await deps.tutorsCache.tutorsChanged('lessons', [row.tutorId]);
      return { lesson: lesson! };
    },

    async getLesson(id: number, caller: UserRow): Promise<Lesson> {
      const now = clock();
      const [view] = await findLessonViews(db, [id]);
      visibleTo(view?.lesson ?? null, caller);
      return toLesson(view!, files, now);
    },

    /**
     * `GET /lesson/list/`: members (students, tutors, TutorManagers) see their own lessons, filtered
     * further by the query; SuperAdmin and RegularAdmin see all. Studio staff see none.
     */
    async findLessons(query: FindLessonsInput, caller: UserRow) {
      const now = clock();
      if (isStaff(caller.role as Role) && !isAdmin(caller) && caller.role !== Role.TutorManager) {
        throw forbidden();
      }
      const { rows, total } = await findLessonRows(
        db,
        {
          memberId: isAdmin(caller) ? undefined : caller.id,
          userId: query.userId,
          tutorId: query.tutorId,
          studentId: query.studentId,
          status: query.status,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
          search: query.search,
        },
        { page: query.page, size: query.size, order: query.order },
        now,
      );
      return { list: rows.map((view) => toLesson(view, files, now)), total };
    },

    /**
     * Cancels lessons a schedule change left without a window, as the tutor, in the change's
     * transaction; the returned function tells the students once it committed.
     */
    async cancelForTutor(tx: Transaction, tutorId: number, ids: readonly number[], now: Date) {
      const rows = await cancelLessonRows(tx, ids, {
        by: Canceler.Tutor,
        byId: tutorId,
        minutesReturned: true,
        at: now,
      });
      return { rows, announce: () => announceCancellations(rows, tutorId, now) };
    },

    /**
     * The payments module's hooks: a refund ending a subscription cancels the student's lessons it
     * paid for that have not started (as staff, minutes returned), and tells both members afterwards.
     */
    subscriptionHooks: {
      async onSubscriptionEnded(tx, subscription) {
        const now = clock();
        const future = await findFutureLessonsOfSubscription(tx, subscription.id, now);
        const rows = await cancelLessonRows(
          tx,
          future.map((row) => row.id),
          { by: Canceler.Staff, byId: null, minutesReturned: true, at: now },
        );
        return rows.length > 0 ? () => announceCancellations(rows, null, now) : undefined;
      },

      /** A refunded trial payment cancels the trial lesson it paid for, if it has not started. */
      async onTrialRefunded(tx, studentId) {
        const now = clock();
        const future = await findFutureTrialLessons(tx, studentId, now);
        const rows = await cancelLessonRows(
          tx,
          future.map((row) => row.id),
          { by: Canceler.Staff, byId: null, minutesReturned: true, at: now },
        );
        return rows.length > 0 ? () => announceCancellations(rows, null, now) : undefined;
      },
    } satisfies SubscriptionHooks,
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
