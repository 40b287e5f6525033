import {
  AppError,
  type FindUsersQuerySchema,
  type Gender,
  type Governorate,
  isTutorLike,
  type LeadSource,
  type MessagingApp,
  type RegisterRequestSchema,
  Role,
  STAFF_ONLY_USER_FIELDS,
  TUTOR_USER_FIELDS,
  type TutorMeta,
  type UpdateUserRequest,
  type User,
  type UserWithTutor,
} from '@hiwar/domain';
import type { z } from 'zod';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Sessions } from '../auth/session.ts';
import { profileChanged } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { mayReadUser, staffReach } from './staff-reach.ts';
import {
  ensureTutor,
  findTutor,
  findUserById,
  findUserRows,
  insertUser,
  revokeUserTokens,
  type TutorPatch,
  type TutorRow,
  type UserPatch,
  type UserRow,
  updateTutorRow,
  updateUserRow,
} from './users.repository.ts';

export type UsersDeps = { db: Database; sessions: Sessions; files: StoredFiles; tutorsCache?: TutorsCache };

/** Roles anyone may sign up with; the others are created by a SuperAdmin. */
export const SELF_SERVICE_ROLES: readonly Role[] = [Role.Student, Role.Tutor];

export function toUser(row: UserRow, files: Pick<StoredFiles, 'uploadUrl'>): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    birthYear: row.birthYear,
    gender: row.gender as Gender | null,
    city: row.city as Governorate | null,
    phone: row.phone,
    image: row.image ? files.uploadUrl(row.image) : null,
    verifiedEmail: row.verifiedEmail,
    verifiedPhone: row.verifiedPhone,
    hasPassword: row.passwordHash !== null,
    creditScore: row.creditScore,
    notificationMethod: row.notificationMethod as MessagingApp | null,
    timezone: row.timezone,
    leadSource: row.leadSource as LeadSource | null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTutorMeta(row: TutorRow, files: Pick<StoredFiles, 'uploadUrl'>): TutorMeta {
  return {
    id: row.userId,
    bio: row.bio,
    about: row.about,
    video: row.video ? files.uploadUrl(row.video) : null,
    thumbnail: row.thumbnail ? files.uploadUrl(row.thumbnail) : null,
    activated: row.activated,
    activatedBy: row.activatedBy,
    notice: row.notice,
    interviewSignedAt: row.interviewSignedAt?.toISOString() ?? null,
  };
}

/** The user and, for Tutor and TutorManager users only, their tutor meta (spec §3). */
export async function loadUserWithTutor(
  db: Executor,
  files: Pick<StoredFiles, 'uploadUrl'>,
  user: UserRow,
): Promise<UserWithTutor> {
  const tutor = isTutorLike(user.role as Role) ? await ensureTutor(db, user.id) : null;
  return { user: toUser(user, files), tutor: tutor ? toTutorMeta(tutor, files) : null };
}

export async function getUserRow(db: Executor, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) {
    throw new AppError('user-not-found');
  }
  return user;
}

type RegisterInput = z.output<typeof RegisterRequestSchema>;
type FindUsersInput = z.output<typeof FindUsersQuerySchema>;

export function createUsersService(deps: UsersDeps) {
  const { db, files } = deps;

  return {
    /**
     * Signs a student or tutor up (token included), or lets a SuperAdmin create any account. A
     * signed-in caller (staff creating an account for someone) gets no token: the new user signs in
     * themself. A taken e-mail, in any letter case, is `user-exists`.
     */
    async register(input: RegisterInput, caller: UserRow | null) {
      if (!SELF_SERVICE_ROLES.includes(input.role) && caller?.role !== Role.SuperAdmin) {
        throw forbidden();
      }
      const passwordHash = await hashPassword(input.password);
      const { user, details } = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: input.email,
          passwordHash,
          role: input.role,
          name: input.name ?? null,
          leadSource: input.leadSource ?? null,
        });
        return { user, details: await loadUserWithTutor(tx, files, user) };
      });
      const token = caller ? null : await deps.sessions.issue(user);
      return { ...details, token };
    },

    async getCurrent(caller: UserRow) {
      return loadUserWithTutor(db, files, caller);
    },

    /**
     * Yourself, or a user within the caller's staff reach (decision 0045: admins everyone; Studio
     * their assigned Tutors; TutorManager the Tutors they interview and those awaiting an
     * interviewer). Anyone else is `forbidden` before existence is checked, so ids cannot be probed;
     * only admins learn `user-not-found`.
     */
    async getUser(id: number, caller: UserRow): Promise<User> {
      if (caller.id === id) {
        return toUser(caller, files);
      }
      if (!isAdmin(caller) && !(await mayReadUser(db, caller, id))) {
        throw forbidden();
      }
      return toUser(await getUserRow(db, id), files);
    },

    /**
     * Staff list (decision 0045): admins list everyone; Studio and TutorManager only the Tutors within
     * their reach, so a `role` filter other than Tutor is `forbidden` to them.
     */
    async findUsers(query: FindUsersInput, caller: UserRow) {
      const admin = isAdmin(caller);
      if (!admin && query.role !== undefined && query.role !== Role.Tutor) {
        throw forbidden();
      }
      const { rows, total } = await findUserRows(
        db,
        {
          roles: query.role ? [query.role] : undefined,
          verified: query.verified,
          city: query.city,
          search: query.search || undefined,
          reach: staffReach(caller) ?? undefined,
        },
        query,
      );
      return { list: rows.map((row) => toUser(row, files)), total };
    },

    /**
     * Profile changes. Yourself: your own fields and password (the current one required when you have
     * one; earlier tokens end and a new one is returned). Admins: other users' profile fields, tutor
     * activation, e-mail verification; only a SuperAdmin changes roles. Nobody sets staff fields
     * (role, activation, verification) on themself, so nobody raises their own role.
     */
    async updateUser(id: number, patch: UpdateUserRequest, caller: UserRow) {
      const isSelf = caller.id === id;
      if (!isSelf && !isAdmin(caller)) {
        throw forbidden();
      }
      const target = isSelf ? caller : await getUserRow(db, id);
      if (!isSelf && caller.role !== Role.SuperAdmin && target.role === Role.SuperAdmin) {
        throw forbidden();
      }
      const setsStaffField = STAFF_ONLY_USER_FIELDS.some((field) => patch[field] !== undefined);
      if ((setsStaffField && isSelf) || (patch.role !== undefined && caller.role !== Role.SuperAdmin)) {
        throw forbidden();
      }
      if (patch.password && !isSelf) {
        throw forbidden();
      }
      const roleAfter = (patch.role ?? target.role) as Role;
      const setsTutorField = [...TUTOR_USER_FIELDS, 'activated' as const].some(
        (field) => patch[field] !== undefined,
      );
      if (setsTutorField && !isTutorLike(roleAfter)) {
        throw new AppError('bad-request', { message: 'Only tutors have bio, about, notice and activation' });
      }

      let passwordHash: string | undefined;
      if (patch.password) {
        if (
          target.passwordHash &&
          !(await verifyPassword(target.passwordHash, patch.password.current ?? ''))
        ) {
          throw new AppError('wrong-password');
        }
        passwordHash = await hashPassword(patch.password.new);
      }

      const userPatch: UserPatch = {
        name: patch.name,
        birthYear: patch.birthYear,
        gender: patch.gender,
        city: patch.city,
        notificationMethod: patch.notificationMethod,
        role: patch.role,
        verifiedEmail: patch.verifiedEmail,
        passwordHash,
      };
      if (patch.phone !== undefined && patch.phone !== target.phone) {
        Object.assign(userPatch, { phone: patch.phone, verifiedPhone: false });
      }
      if (patch.image === null) {
        userPatch.image = null;
      }
      const tutorPatch: TutorPatch = { bio: patch.bio, about: patch.about, notice: patch.notice };
      if (patch.activated !== undefined) {
        Object.assign(tutorPatch, {
          activated: patch.activated,
          activatedBy: patch.activated ? caller.id : null,
        });
      }

      const { user, details } = await db.transaction(async (tx) => {
        let user = await updateUserRow(tx, id, withoutUndefined(userPatch));
        if (passwordHash) {
          await revokeUserTokens(tx, id);
          user = await getUserRow(tx, id);
        }
        if (isTutorLike(roleAfter)) {
          await ensureTutor(tx, id);
          const changes = withoutUndefined(tutorPatch);
          if (Object.keys(changes).length > 0) {
            await updateTutorRow(tx, id, changes);
          }
        }
        return { user, details: await loadUserWithTutor(tx, files, user) };
      });
      await profileChanged(deps.tutorsCache, target, user);
      if (patch.image === null && target.image) {
        await files.discard(target.image);
      }
      if (passwordHash) {
        deps.sessions.disconnect(id);
      }
      return passwordHash ? { ...details, token: await deps.sessions.issue(user) } : details;
    },

    /**
     * Tutor meta of a Tutor or TutorManager (`tutor-not-found` for anyone else). A tutor not yet
     * activated is visible only to themself and staff who may read them (decision 0045).
     */
    async getTutorMeta(id: number, caller: UserRow): Promise<TutorMeta> {
      const user = await findUserById(db, id);
      if (!user || !isTutorLike(user.role as Role)) {
        throw new AppError('tutor-not-found');
      }
      const tutor = (await findTutor(db, id)) ?? (await ensureTutor(db, id));
      if (!tutor.activated && !(await mayReadUser(db, caller, id))) {
        throw new AppError('tutor-not-found');
      }
      return toTutorMeta(tutor, files);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
