import { InterviewStatus, Role } from '@hiwar/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isAdmin } from '../../core/auth.ts';
import type { Executor } from '../../db/client.ts';
import { interviews, tutors, users } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

type Caller = Pick<UserRow, 'id' | 'role'>;

/**
 * Decision 0045: whose account a staff member may read (e-mail, phone, birth year, city, and a tutor's
 * profile, schedule, figures and onboarding before they are listed), as a condition on `users`:
 * - SuperAdmin and RegularAdmin: everyone (`null`, no condition);
 * - Studio: the Tutors assigned to them (`tutors.studio_id`), nobody else;
 * - TutorManager: the Tutors they interview or interviewed (any interview with them as the
 *   interviewer), and the Tutors who await an interviewer (no pending or passed interview with
 *   anyone, no signed interview);
 * - anyone else: nobody (`false`).
 * Yourself is always readable; the services check that before asking here.
 */
export function staffReach(caller: Caller): SQL | null {
  if (isAdmin(caller)) {
    return null;
  }
  if (caller.role === Role.Studio) {
    return and(
      eq(users.role, Role.Tutor),
      sql`EXISTS (SELECT 1 FROM ${tutors} WHERE ${tutors.userId} = ${users.id} AND ${tutors.studioId} = ${caller.id})`,
    )!;
  }
  if (caller.role === Role.TutorManager) {
    const open = [InterviewStatus.Pending, InterviewStatus.Passed];
    return and(
      eq(users.role, Role.Tutor),
      sql`(EXISTS (SELECT 1 FROM ${interviews} WHERE ${interviews.intervieweeId} = ${users.id} AND ${interviews.interviewerId} = ${caller.id})
        OR (NOT EXISTS (SELECT 1 FROM ${interviews} WHERE ${interviews.intervieweeId} = ${users.id} AND ${inArray(interviews.status, open)})
          AND NOT EXISTS (SELECT 1 FROM ${tutors} WHERE ${tutors.userId} = ${users.id} AND ${tutors.interviewSignedAt} IS NOT NULL)))`,
    )!;
  }
  return sql`false`;
}

/** Whether `caller` is staff who reads some users: admins everyone, Studio and TutorManager some Tutors. */
export function isReachingStaff(caller: Caller): boolean {
  return isAdmin(caller) || caller.role === Role.Studio || caller.role === Role.TutorManager;
}

/** Whether `caller` may read user `userId` (themself, or within their staff reach). False for no such user. */
export async function mayReadUser(db: Executor, caller: Caller, userId: number): Promise<boolean> {
  if (caller.id === userId) {
    return true;
  }
  if (!isReachingStaff(caller)) {
    return false;
  }
  const reach = staffReach(caller);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), reach ?? undefined))
    .limit(1);
  return row !== undefined;
}
