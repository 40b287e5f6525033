import { isTutorLike, isTutorListed, type ListingTutor, type ListingUser, type Role } from '@hiwar/domain';
import type { TutorRow, UserRow } from '../users/users.repository.ts';
import type { TutorsCache } from './tutors-cache.ts';

/** What `isTutorListed` reads of a user and their tutor meta. */
export function listingFacts(user: UserRow, tutor: TutorRow): { tutor: ListingTutor; user: ListingUser } {
  return {
    user: {
      role: user.role as Role,
      name: user.name,
      phone: user.phone,
      city: user.city,
      gender: user.gender,
      birthYear: user.birthYear,
      image: user.image,
      verifiedEmail: user.verifiedEmail,
      verifiedPhone: user.verifiedPhone,
    },
    tutor: {
      activated: tutor.activated,
      bio: tutor.bio,
      about: tutor.about,
      video: tutor.video,
      thumbnail: tutor.thumbnail,
      interviewSigned: tutor.interviewSignedAt !== null,
    },
  };
}

/** Whether the tutor is listed (rules.md "Tutors"): shown in the tutors list and bookable. */
export function isListed(user: UserRow, tutor: TutorRow): boolean {
  const facts = listingFacts(user, tutor);
  return isTutorListed(facts.tutor, facts.user);
}

/**
 * After a change to a user's profile committed: a Tutor's or TutorManager's card may have changed
 * (or they may have become listed or unlisted), so the directory reads them again. Resolves once this
 * instance's list shows it.
 */
export function profileChanged(
  cache: Pick<TutorsCache, 'tutorsChanged'> | undefined,
  ...users: Array<Pick<UserRow, 'id' | 'role'>>
): Promise<void> {
  const tutorIds = users.filter((user) => isTutorLike(user.role as Role)).map((user) => user.id);
  return cache?.tutorsChanged('profile', tutorIds) ?? Promise.resolve();
}
