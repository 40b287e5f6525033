import { Role } from '@hiwar/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { interviews, lessons, tutors } from '../../db/schema.ts';
import { isListed } from '../tutors/tutor-listing.ts';
import { mayReadUser } from '../users/staff-reach.ts';
import { findTutorUser, type UserRow } from '../users/users.repository.ts';

/** Whether the pair shares a lesson, an interview or a studio assignment (either way round). */
async function shareWork(db: Executor, a: number, b: number): Promise<boolean> {
  const result = await db.execute<{ shared: boolean }>(sql`
    SELECT EXISTS (
        SELECT 1 FROM ${lessons}
        WHERE (${lessons.tutorId} = ${a} AND ${lessons.studentId} = ${b})
           OR (${lessons.tutorId} = ${b} AND ${lessons.studentId} = ${a})
      ) OR EXISTS (
        SELECT 1 FROM ${interviews}
        WHERE (${interviews.interviewerId} = ${a} AND ${interviews.intervieweeId} = ${b})
           OR (${interviews.interviewerId} = ${b} AND ${interviews.intervieweeId} = ${a})
      ) OR EXISTS (
        SELECT 1 FROM ${tutors}
        WHERE (${tutors.userId} = ${a} AND ${tutors.studioId} = ${b})
           OR (${tutors.userId} = ${b} AND ${tutors.studioId} = ${a})
      ) AS shared`);
  return result.rows[0]?.shared === true;
}

/**
 * Decision 0045: who may open a room with someone they have none with (`POST /chat/new`); a pair
 * that already has a room (made by a booking, an interview or an earlier first message) keeps using
 * it. A first message may be sent
 * - by a student to a listed tutor (the directory's "message the tutor");
 * - by either member of a lesson (student and tutor), an interview (tutor and TutorManager) or a
 *   studio assignment (tutor and Studio member);
 * - by staff to a user within their reach (`staffReach`): SuperAdmin and RegularAdmin to anyone
 *   (support), a TutorManager to the tutors they interview or that await an interviewer, a Studio
 *   member to their assigned tutors.
 * Nobody else: a tutor cannot write to another tutor or to students they never taught, a student to
 * another student or to staff.
 */
export async function mayStartChat(db: Executor, caller: UserRow, other: UserRow): Promise<boolean> {
  const role = caller.role as Role;
  if (role === Role.Student && (other.role === Role.Tutor || other.role === Role.TutorManager)) {
    const tutor = await findTutorUser(db, other.id);
    if (tutor && isListed(tutor.user, tutor.tutor)) {
      return true;
    }
  }
  if (
    (role === Role.SuperAdmin ||
      role === Role.RegularAdmin ||
      role === Role.TutorManager ||
      role === Role.Studio) &&
    (await mayReadUser(db, caller, other.id))
  ) {
    return true;
  }
  return shareWork(db, caller.id, other.id);
}
