import {
  AppError,
  type AvailabilitySlot,
  addLocalDays,
  bookableTimes,
  type CopyWeekRequestSchema,
  copyWeekForward,
  type FindSlotsQuerySchema,
  type Interval,
  type SaveSlotsRequestSchema,
  type SaveSlotsResponse,
  type TutorScheduleResponse,
  validateSlots,
  weekWindow,
} from '@hiwar/domain';
import type { z } from 'zod';
import { type Database, retryTransaction } from '../../db/client.ts';
import { findBusyIntervals, findCalendarBusy, findLesson } from '../lessons/lessons.repository.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import { readPlatformSettings } from '../settings/platform-settings.repository.ts';
import { isListed } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { mayReadUser } from '../users/staff-reach.ts';
import { findTutorUser, lockTutor, type UserRow } from '../users/users.repository.ts';
import {
  findSlots,
  findSlotsOverlapping,
  lockSlotsForChange,
  type SlotRow,
  writeSlots,
} from './availability.repository.ts';

export type AvailabilityDeps = {
  db: Database;
  clock: () => Date;
  lessons: Pick<LessonsService, 'cancelForTutor'>;
  tutorsCache: TutorsCache;
};

type FindSlotsInput = z.output<typeof FindSlotsQuerySchema>;
type SaveSlotsInput = z.output<typeof SaveSlotsRequestSchema>;
type CopyWeekInput = z.output<typeof CopyWeekRequestSchema>;

const toSlot = (row: SlotRow) => ({
  id: row.id,
  tutorId: row.tutorId,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
});

const iso = (interval: Interval) => ({
  start: interval.start.toISOString(),
  end: interval.end.toISOString(),
});

/** Far enough to mean "every lesson that has not ended". */
const END_OF_TIME = new Date('9999-12-31T00:00:00Z');

/**
 * Tutors' availability windows (rules.md "Availability"). A save is one transaction holding the
 * tutor's row lock (one change at a time per tutor) and the touched windows' row locks taken before
 * the lessons are read (a booking racing it either committed first and is seen, or waits and then
 * finds its window gone). Lessons the change leaves outside every window are refused
 * (`slot-has-lessons`, their ids in `details`) unless the tutor confirms; they are then cancelled by
 * the tutor and the students told.
 */
export function createAvailabilityService(deps: AvailabilityDeps) {
  const { db, clock } = deps;

  type Save = {
    create: Interval[];
    update: Array<Interval & { id: number }>;
    delete: number[];
    cancelLessons: boolean;
  };

  async function save(tutor: UserRow, changes: Save): Promise<SaveSlotsResponse> {
    const now = clock();
    const ids = [...changes.update.map((slot) => slot.id), ...changes.delete];
    const { list, cancellation } = await retryTransaction(() =>
      db.transaction(async (tx) => {
        await lockTutor(tx, tutor.id);
        const existing = await lockSlotsForChange(tx, tutor.id, now, ids);
        const bookings = await findBusyIntervals(tx, { tutorId: tutor.id }, { start: now, end: END_OF_TIME });
        const saved: AvailabilitySlot[] = existing.map((row) => ({
          id: row.id,
          start: row.startsAt,
          end: row.endsAt,
        }));
        const result = validateSlots(saved, changes, now, {
          bookings,
          cancelBookings: changes.cancelLessons,
        });
        if (!result.ok) {
          throw new AppError(result.code, {
            details: {
              ...(result.change ? { change: result.change } : {}),
              ...(result.bookings ? { lessonIds: result.bookings.map((lesson) => lesson.id) } : {}),
            },
          });
        }
        await writeSlots(tx, tutor.id, changes);
        const cancellation = await deps.lessons.cancelForTutor(
          tx,
          tutor.id,
          result.bookingsToCancel.map((lesson) => lesson.id),
          now,
        );
        const touched = [
          ...changes.create,
          ...changes.update,
          ...existing
            .filter((row) => ids.includes(row.id))
            .map((row) => ({ start: row.startsAt, end: row.endsAt })),
        ];
        const span = {
          start: new Date(Math.min(...touched.map((slot) => slot.start.getTime()))),
          end: new Date(Math.max(...touched.map((slot) => slot.end.getTime()))),
        };
        return { list: await findSlotsOverlapping(tx, tutor.id, span), cancellation };
      }),
    );
    cancellation.announce();
    await deps.tutorsCache.tutorsChanged('availability', [tutor.id]);
    return { list: list.map(toSlot), canceledLessonIds: cancellation.rows.map((row) => row.id), skipped: [] };
  }

  return {
    /**
     * A tutor's windows starting in [from, to), the booked parts and the bookable starts. Anyone may
     * see a listed tutor's; an unlisted one only themself and staff who may read them (decision 0045).
     * Without `tutorId`, the caller's.
     */
    async getSchedule(query: FindSlotsInput, caller: UserRow | null): Promise<TutorScheduleResponse> {
      const now = clock();
      const tutorId = query.tutorId ?? caller?.id;
      if (tutorId === undefined) {
        throw new AppError('bad-request', { message: 'Name a tutor with tutorId' });
      }
      const found = await findTutorUser(db, tutorId);
      const isSelf = caller?.id === tutorId;
      if (
        !found ||
        !(isListed(found.user, found.tutor) || isSelf || (caller && (await mayReadUser(db, caller, tutorId))))
      ) {
        throw new AppError('tutor-not-found');
      }
      const range = { start: new Date(query.from), end: new Date(query.to) };
      const slots = await findSlots(db, tutorId, range);
      const windows = slots.map((row) => ({ start: row.startsAt, end: row.endsAt }));
      const reach = {
        start: range.start,
        end: new Date(Math.max(range.end.getTime(), ...windows.map((w) => w.end.getTime()))),
      };
      const moving = query.exceptLessonId === undefined ? null : await findLesson(db, query.exceptLessonId);
      const except =
        moving && caller && moving.studentId === caller.id && moving.tutorId === tutorId
          ? moving.id
          : undefined;
      const [booked, own, settings] = await Promise.all([
        // The tutor's whole calendar: a TutorManager's interviews are as busy as lessons.
        findCalendarBusy(db, tutorId, reach, except),
        caller && !isSelf
          ? findBusyIntervals(db, { studentId: caller.id }, reach, except)
          : Promise.resolve([]),
        readPlatformSettings(db),
      ]);
      const busy = [...booked, ...own];
      const options = { leadMinutes: settings.bookingLeadMinutes, noticeDays: found.tutor.notice };
      return {
        tutorId,
        notice: found.tutor.notice,
        list: slots.map(toSlot),
        booked: booked.map(iso),
        bookable: {
          short: bookableTimes(windows, busy, 15, now, options).map((start) => start.toISOString()),
          long: bookableTimes(windows, busy, 30, now, options).map((start) => start.toISOString()),
        },
      };
    },

    /** One save of the schedule screen: creations, moves and deletions, all or nothing. */
    async saveSlots(tutor: UserRow, input: SaveSlotsInput): Promise<SaveSlotsResponse> {
      return save(tutor, {
        create: input.create.map((slot) => ({ start: new Date(slot.start), end: new Date(slot.end) })),
        update: input.update.map((slot) => ({
          id: slot.id,
          start: new Date(slot.start),
          end: new Date(slot.end),
        })),
        delete: input.delete,
        cancelLessons: input.cancelLessons,
      });
    },

    /**
     * Copies the week holding `week` (a local date in the tutor's zone) over the next `weeks` weeks,
     * keeping wall-clock times across DST (`copyWeekForward`): the windows still to come in those weeks
     * are replaced. Copies the clock change or the past rules out are listed in `skipped`.
     */
    async copyWeek(tutor: UserRow, input: CopyWeekInput): Promise<SaveSlotsResponse> {
      const now = clock();
      const timeZone = tutor.timezone;
      const source = await findSlots(db, tutor.id, weekWindow(input.week, timeZone));
      const copied = copyWeekForward(
        source.map((row) => ({ start: row.startsAt, end: row.endsAt })),
        input.weeks,
        timeZone,
      );
      const future = copied.slots.filter((slot) => slot.start.getTime() > now.getTime());
      const past = copied.slots.filter((slot) => slot.start.getTime() <= now.getTime());
      const targets = {
        start: weekWindow(addLocalDays(input.week, 7), timeZone).start,
        end: weekWindow(addLocalDays(input.week, 7 * input.weeks), timeZone).end,
      };
      const replaced = (await findSlots(db, tutor.id, targets)).filter(
        (row) => row.startsAt.getTime() > now.getTime(),
      );
      if (future.length === 0 && replaced.length === 0) {
        return { list: [], canceledLessonIds: [], skipped: [...copied.skipped, ...past].map(iso) };
      }
      const answer = await save(tutor, {
        create: future.map(({ start, end }) => ({ start, end })),
        update: [],
        delete: replaced.map((row) => row.id),
        cancelLessons: input.cancelLessons,
      });
      return { ...answer, skipped: [...copied.skipped, ...past].map(iso) };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
