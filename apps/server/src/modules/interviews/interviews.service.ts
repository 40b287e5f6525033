import {
  ADMIN_INTERVIEWS_CHANNEL,
  AppError,
  addLocalDays,
  BOUNDS,
  type BookInterviewRequest,
  bookableTimes,
  bookingHorizon,
  checkInterviewBooking,
  checkInterviewChange,
  checkInterviewDecision,
  checkInterviewSigning,
  type FindInterviewsQuerySchema,
  INTERVIEW_BOOKED_EVENT,
  INTERVIEW_HORIZON_DAYS,
  INTERVIEW_UPDATED_EVENT,
  type Interview,
  type InterviewEvent,
  type InterviewerSelectQuerySchema,
  type InterviewerSelectResponse,
  InterviewStatus,
  interviewInterval,
  interviewStanding,
  isStaff,
  localDateTimeToInstant,
  Role,
  toLocalDate,
  type UpdateInterviewRequest,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { forbidden, isAdmin } from '../../core/auth.ts';
import { type Database, retryTransaction } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { findSlotsOfTutors, lockSlotHolding } from '../availability/availability.repository.ts';
import { announceRoom } from '../chat/chat.service.ts';
import { checkRichText } from '../chat/message-text.ts';
import { ensurePairRoom } from '../chat/rooms.repository.ts';
import type { MailSender } from '../notifications/mail.ts';
import {
  interviewBookedMail,
  interviewCanceledMail,
  interviewOutcomeMail,
} from '../notifications/templates.ts';
import { readPlatformSettings } from '../settings/platform-settings.repository.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import {
  findTutorUser,
  findUserById,
  lockUser,
  type UserRow,
  updateTutorRow,
} from '../users/users.repository.ts';
import { dropInterviewReminders, scheduleInterviewReminders } from './interview-reminders.ts';
import {
  findCalendarBusy,
  findInterviewers,
  findInterviewHistory,
  findInterviewRows,
  findInterviewViews,
  findUncontactedTutorRows,
  type InterviewPatch,
  type InterviewRow,
  type InterviewViewRow,
  insertInterview,
  lockInterview,
  updateInterviewRow,
} from './interviews.repository.ts';

export type InterviewsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  broadcast: Broadcast | null;
  realtime: Realtime | null;
  tutorsCache: TutorsCache;
  mailer: MailSender;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

type FindInterviewsInput = z.output<typeof FindInterviewsQuerySchema>;
type SelectInput = z.output<typeof InterviewerSelectQuerySchema>;

/** Who may read an interview's staff note: the staff (its interviewer, admins), never the tutor. */
const seesNote = (caller: Pick<UserRow, 'role'>) => isStaff(caller.role as Role);

/** The API's interview for `viewer`: the note only for staff. */
export function toInterview(
  view: InterviewViewRow,
  files: Pick<StoredFiles, 'uploadUrl'>,
  viewer: Pick<UserRow, 'role'>,
): Interview {
  const { interview } = view;
  const person = (row: InterviewViewRow['interviewer'] | null) =>
    row && { id: row.id, name: row.name, image: row.image ? files.uploadUrl(row.image) : null };
  return {
    id: interview.id,
    interviewer: person(view.interviewer)!,
    interviewee: person(view.interviewee)!,
    start: interview.startsAt.toISOString(),
    end: interview.endsAt.toISOString(),
    status: interview.status as InterviewStatus,
    level: interview.level,
    feedback: interview.feedback,
    intervieweeFeedback: interview.intervieweeFeedback,
    ...(seesNote(viewer) ? { note: interview.note } : {}),
    canceledAt: interview.canceledAt?.toISOString() ?? null,
    canceledBy: person(view.canceledBy),
    signedAt: interview.signedAt?.toISOString() ?? null,
    signedBy: person(view.signedBy),
    chatRoomId: view.chatRoomId,
    createdAt: interview.createdAt.toISOString(),
    updatedAt: interview.updatedAt.toISOString(),
  };
}

/** A feedback or note as stored: sanitised HTML of 5–1000 visible characters, else its code. */
function richText(raw: string, kind: 'feedback' | 'note'): string {
  const bounds = kind === 'note' ? BOUNDS.interviewNote : BOUNDS.interviewFeedback;
  const checked = checkRichText(raw, bounds);
  if (checked.code !== 'ok') {
    throw new AppError(`interview-${kind}-${checked.code}`);
  }
  return checked.text;
}

/**
 * Interviews (rules.md "Interviews"; spec §3, §4, §7): a tutor books 30 minutes in a TutorManager's
 * availability, both meet in the session room, the TutorManager records the outcome and a SuperAdmin
 * signs a passed interview, which makes the tutor interview-passed for good. Every booking rule is
 * checked in one transaction holding the tutor's row lock (one tutor's requests run one at a time)
 * and a share lock on the window; everyone's calendar (`calendar_spans`, one exclusion constraint)
 * settles races between tutors for one TutorManager's time, and a partial unique index keeps one
 * open interview per tutor.
 */
export function createInterviewsService(deps: InterviewsDeps) {
  const { db, files, clock, log } = deps;
  const web = deps.config.publicUrls.web.replace(/\/$/, '');

  async function views(ids: readonly number[]) {
    return findInterviewViews(db, ids);
  }

  /** Tells both members' open tabs, each with what they may see (the note only to the interviewer). */
  function emit(event: string, view: InterviewViewRow, roles: { interviewer: number; interviewee: number }) {
    deps.broadcast?.toUser(view.interviewer.id, event, {
      interview: toInterview(view, files, { role: roles.interviewer }),
    } satisfies InterviewEvent);
    deps.broadcast?.toUser(view.interviewee.id, event, {
      interview: toInterview(view, files, { role: roles.interviewee }),
    } satisfies InterviewEvent);
    deps.broadcast?.toRoom(ADMIN_INTERVIEWS_CHANNEL, event, {
      interview: toInterview(view, files, { role: Role.SuperAdmin }),
    } satisfies InterviewEvent);
  }

  /** Best effort after a commit: a failed e-mail or socket notice never undoes the change. */
  function afterwards(what: string, work: () => Promise<void>) {
    void work().catch((error: unknown) => log.error({ err: error }, `interview ${what} notice failed`));
  }

  /** The interview a member or an admin may see; anyone else is told it does not exist. */
  function visibleTo<T extends Pick<InterviewRow, 'interviewerId' | 'intervieweeId'>>(
    row: T | null,
    caller: UserRow,
  ): T {
    if (!row || (row.interviewerId !== caller.id && row.intervieweeId !== caller.id && !isAdmin(caller))) {
      throw new AppError('interview-not-found');
    }
    return row;
  }

  /** Every booking rule for the tutor's interview at `start`, in the caller's transaction. */
  async function checkBooking(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    input: { intervieweeId: number; interviewerId: number; start: Date; now: Date; moving?: InterviewRow },
  ) {
    const { start, now, moving } = input;
    const interval = interviewInterval(start);
    const interviewer = await findTutorUser(tx, input.interviewerId);
    if (!interviewer || interviewer.user.role !== Role.TutorManager || !interviewer.tutor.activated) {
      throw new AppError('user-not-found');
    }
    const window = await lockSlotHolding(tx, input.interviewerId, interval);
    const [history, busy, settings] = await Promise.all([
      findInterviewHistory(tx, input.intervieweeId, moving?.id),
      findCalendarBusy(tx, [input.interviewerId, input.intervieweeId], interval, { interviewId: moving?.id }),
      readPlatformSettings(tx),
    ]);
    const code = checkInterviewBooking({
      start,
      now,
      settings,
      windows: window ? [{ start: window.startsAt, end: window.endsAt }] : [],
      interviewerBusy: busy.get(input.interviewerId) ?? [],
      intervieweeBusy: busy.get(input.intervieweeId) ?? [],
      standing: interviewStanding(history, now),
    });
    if (code !== 'ok') {
      throw new AppError(code);
    }
    return interval;
  }

  return {
    /** `POST /interview`: a Tutor books 30 minutes with a TutorManager; a chat room for the pair. */
    async bookInterview(tutor: UserRow, input: BookInterviewRequest): Promise<Interview> {
      const now = clock();
      const start = new Date(input.start);
      const { row, room } = await retryTransaction(() =>
        db.transaction(async (tx) => {
          await lockUser(tx, tutor.id);
          const interval = await checkBooking(tx, {
            intervieweeId: tutor.id,
            interviewerId: input.interviewerId,
            start,
            now,
          });
          const row = await insertInterview(tx, {
            interviewerId: input.interviewerId,
            intervieweeId: tutor.id,
            startsAt: interval.start,
            endsAt: interval.end,
          });
          const room = await ensurePairRoom(tx, row.interviewerId, row.intervieweeId);
          await scheduleInterviewReminders(tx, row, now);
          return { row, room };
        }),
      );
      const [view] = await views([row.id]);
      emit(INTERVIEW_BOOKED_EVENT, view!, { interviewer: Role.TutorManager, interviewee: tutor.role });
      afterwards('booking', async () => {
        if (room.created) {
          await announceRoom(deps, room.id, [row.interviewerId, row.intervieweeId]);
        }
        const interviewer = await findUserById(db, row.interviewerId);
        if (interviewer) {
          await deps.mailer.send({
            to: interviewer.email,
            ...interviewBookedMail({
              name: interviewer.name,
              withName: tutor.name,
              start: row.startsAt,
              url: `${web}/interviews`,
              timeZone: interviewer.timezone,
              moved: false,
            }),
          });
        }
      });
      return toInterview(view!, files, tutor);
    },

    /** `GET /interview/{id}`: its members and admins; the note for staff only. */
    async getInterview(caller: UserRow, id: number): Promise<Interview> {
      const [view] = await views([id]);
      visibleTo(view?.interview ?? null, caller);
      return toInterview(view!, files, caller);
    },

    /**
     * `GET /interview/list/`: a Tutor their own, a TutorManager those they conduct, SuperAdmin and
     * RegularAdmin all; Students and Studio none.
     */
    async findInterviews(caller: UserRow, query: FindInterviewsInput) {
      const role = caller.role as Role;
      if (role === Role.Student || role === Role.Studio) {
        throw forbidden();
      }
      const { rows, total } = await findInterviewRows(
        db,
        {
          memberId: isAdmin(caller) ? undefined : caller.id,
          interviewerId: role === Role.TutorManager ? caller.id : query.interviewerId,
          intervieweeId: query.intervieweeId,
          status: query.status,
          signed: query.signed,
          upcomingAt: query.upcoming ? clock() : undefined,
          search: query.search,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        { page: query.page, size: query.size, order: query.order },
      );
      return { list: rows.map((view) => toInterview(view, files, caller)), total };
    },

    /**
     * `PUT /interview/{id}`: the interviewee moves (every rule again) or cancels before the start and
     * gives their feedback; the interviewer (or a SuperAdmin) records the outcome once it started, or
     * cancels before; only a SuperAdmin signs a passed interview, once. Each field is checked against
     * who sends it before anything changes.
     */
    async updateInterview(caller: UserRow, id: number, input: UpdateInterviewRequest): Promise<Interview> {
      if (Object.values(input).every((value) => value === undefined)) {
        throw new AppError('empty-request');
      }
      const now = clock();
      const result = await retryTransaction(() =>
        db.transaction(async (tx) => {
          const current = visibleTo(await lockInterview(tx, id), caller);
          const isInterviewee = current.intervieweeId === caller.id;
          const isInterviewer = current.interviewerId === caller.id;
          const isSuper = caller.role === Role.SuperAdmin;
          const mayDecide = isInterviewer || isSuper;
          const deciding =
            input.status === InterviewStatus.Passed ||
            input.status === InterviewStatus.Rejected ||
            input.level !== undefined ||
            input.feedback !== undefined ||
            input.note !== undefined;
          const canceling = input.status === InterviewStatus.Canceled;
          if (
            ((input.start !== undefined || input.intervieweeFeedback !== undefined) && !isInterviewee) ||
            (deciding && !mayDecide) ||
            (canceling && !(isInterviewee || isInterviewer || isAdmin(caller))) ||
            (input.signed && !isSuper) ||
            (canceling && (deciding || input.start !== undefined))
          ) {
            throw forbidden();
          }
          const facts = {
            start: current.startsAt,
            status: current.status as InterviewStatus,
            signedAt: current.signedAt,
          };
          const patch: InterviewPatch = {};
          let moved = false;
          if (input.start !== undefined) {
            const state = checkInterviewChange(facts, now);
            if (state !== 'ok') {
              throw new AppError(state);
            }
            const interval = await checkBooking(tx, {
              intervieweeId: current.intervieweeId,
              interviewerId: current.interviewerId,
              start: new Date(input.start),
              now,
              moving: current,
            });
            patch.startsAt = interval.start;
            patch.endsAt = interval.end;
            moved = interval.start.getTime() !== current.startsAt.getTime();
          }
          if (canceling) {
            const state = checkInterviewChange(facts, now);
            if (state !== 'ok') {
              throw new AppError(state);
            }
            patch.status = InterviewStatus.Canceled;
            patch.canceledAt = now;
            patch.canceledById = caller.id;
            patch.canceledByInterviewee = isInterviewee;
          }
          if (deciding) {
            const state = checkInterviewDecision(facts, now);
            if (state !== 'ok') {
              throw new AppError(state);
            }
            if (input.status !== undefined && input.status !== current.status) {
              patch.status = input.status;
              patch.decidedAt = now;
            }
            if (input.level !== undefined) {
              patch.level = input.level;
            }
            if (input.feedback !== undefined) {
              patch.feedback = richText(input.feedback, 'feedback');
            }
            if (input.note !== undefined) {
              patch.note = richText(input.note, 'note');
            }
          }
          if (input.intervieweeFeedback !== undefined) {
            if (current.status === InterviewStatus.Canceled) {
              throw new AppError('interview-already-canceled');
            }
            patch.intervieweeFeedback = richText(input.intervieweeFeedback, 'feedback');
          }
          let signed = false;
          if (input.signed) {
            const state = checkInterviewSigning({
              ...facts,
              status: (patch.status ?? current.status) as InterviewStatus,
            });
            if (state !== 'ok') {
              throw new AppError(state);
            }
            patch.signedAt = now;
            patch.signedById = caller.id;
            // Spec §4: signing marks the tutor as passed, irreversibly (a listing condition).
            await updateTutorRow(tx, current.intervieweeId, { interviewSignedAt: now });
            signed = true;
          }
          const row = await updateInterviewRow(tx, current, patch);
          if (moved) {
            await scheduleInterviewReminders(tx, row, now);
          }
          if (canceling) {
            await dropInterviewReminders(tx, row.id);
          }
          return { row, previous: current, moved, signed };
        }),
      );
      const { row, previous, moved, signed } = result;
      const [view] = await views([row.id]);
      const interviewee = await findUserById(db, row.intervieweeId);
      emit(INTERVIEW_UPDATED_EVENT, view!, {
        interviewer: Role.TutorManager,
        interviewee: interviewee?.role ?? Role.Tutor,
      });
      if (signed) {
        await deps.tutorsCache.tutorsChanged('profile', [row.intervieweeId]);
      }
      afterwards('update', async () => {
        const interviewer = await findUserById(db, row.interviewerId);
        if (moved && interviewer) {
          await deps.mailer.send({
            to: interviewer.email,
            ...interviewBookedMail({
              name: interviewer.name,
              withName: interviewee?.name ?? null,
              start: row.startsAt,
              url: `${web}/interviews`,
              timeZone: interviewer.timezone,
              moved: true,
            }),
          });
        }
        if (row.status === InterviewStatus.Canceled && previous.status !== InterviewStatus.Canceled) {
          const other = caller.id === row.intervieweeId ? interviewer : interviewee;
          const otherName = caller.id === row.intervieweeId ? interviewee?.name : interviewer?.name;
          if (other) {
            await deps.mailer.send({
              to: other.email,
              ...interviewCanceledMail({
                name: other.name,
                withName: otherName ?? null,
                start: row.startsAt,
                url: `${web}${other.id === row.intervieweeId ? '/tutor/onboarding' : '/interviews'}`,
                timeZone: other.timezone,
              }),
            });
          }
        }
        const decided = row.status === InterviewStatus.Passed || row.status === InterviewStatus.Rejected;
        if (decided && row.status !== previous.status && interviewee) {
          await deps.mailer.send({
            to: interviewee.email,
            ...interviewOutcomeMail({
              name: interviewee.name,
              passed: row.status === InterviewStatus.Passed,
              feedback: row.feedback,
              url: `${web}/tutor/onboarding`,
            }),
          });
        }
      });
      return toInterview(view!, files, caller);
    },

    /**
     * `GET /user/interviewer/select`: the activated TutorManagers with a free 30-minute start in the
     * asked local days (default: the next 14), best first — the soonest free time, then the fewest
     * interviews ahead — and when the caller may book (`retakeAt`). Times clash with none of the
     * caller's own calendar; `exceptInterviewId` (the caller's own) counts as free, for a move.
     */
    async selectInterviewers(caller: UserRow, query: SelectInput): Promise<InterviewerSelectResponse> {
      const now = clock();
      const timeZone = caller.timezone;
      const today = toLocalDate(now, timeZone);
      const fromDate = query.from ?? today;
      const toDate = query.to ?? addLocalDays(today, INTERVIEW_HORIZON_DAYS);
      const range = {
        start: new Date(
          Math.max(now.getTime(), localDateTimeToInstant(fromDate, '00:00', timeZone).getTime()),
        ),
        end: new Date(
          Math.min(
            bookingHorizon(now, INTERVIEW_HORIZON_DAYS, timeZone).getTime() + 30 * 60_000,
            localDateTimeToInstant(addLocalDays(toDate, 1), '00:00', timeZone).getTime(),
          ),
        ),
      };
      const exceptId = query.exceptInterviewId;
      const [history, interviewers, settings] = await Promise.all([
        findInterviewHistory(db, caller.id, exceptId),
        findInterviewers(db, now),
        readPlatformSettings(db),
      ]);
      const standing = interviewStanding(history, now);
      if (range.end <= range.start || interviewers.length === 0) {
        return { list: [], retakeAt: standing.kind === 'wait' ? standing.retakeAt.toISOString() : null };
      }
      const ids = interviewers.map((row) => row.id);
      const [windowsOf, busyOf] = await Promise.all([
        findSlotsOfTutors(db, ids, range),
        findCalendarBusy(db, [...ids, caller.id], range, { interviewId: exceptId }),
      ]);
      const own = busyOf.get(caller.id) ?? [];
      const options = {
        leadMinutes: settings.bookingLeadMinutes,
        noticeDays: INTERVIEW_HORIZON_DAYS,
        timeZone,
      };
      const list = interviewers
        .filter((row) => row.id !== caller.id)
        .map((row) => {
          const times = bookableTimes(
            windowsOf.get(row.id) ?? [],
            [...(busyOf.get(row.id) ?? []), ...own],
            BOUNDS.interviewMinutes,
            now,
            options,
          ).filter((time) => time >= range.start && time < range.end);
          return {
            interviewer: {
              id: row.id,
              name: row.name,
              image: row.image ? files.uploadUrl(row.image) : null,
              bio: row.bio,
            },
            times: times.map((time) => time.toISOString()),
            upcomingInterviews: row.upcomingInterviews,
          };
        })
        .filter((option) => option.times.length > 0)
        .sort(
          (a, b) =>
            Date.parse(a.times[0]!) - Date.parse(b.times[0]!) || a.upcomingInterviews - b.upcomingInterviews,
        );
      return { list, retakeAt: standing.kind === 'wait' ? standing.retakeAt.toISOString() : null };
    },

    /** `GET /user/tutor/list/uncontacted`: registered tutors who never booked an interview. */
    async findUncontacted(query: { page: number; size: number; search?: string }) {
      const { rows, total } = await findUncontactedTutorRows(db, query.search, query);
      return {
        list: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
      };
    },
  };
}

export type InterviewsService = ReturnType<typeof createInterviewsService>;
