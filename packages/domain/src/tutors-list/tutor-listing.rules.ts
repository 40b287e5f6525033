import { Role } from '../enums/user.enums.ts';

/**
 * When a tutor appears in the tutors list and can be booked (rules.md "Tutors"): a Tutor when
 * activated, their interview passed and signed, e-mail and phone verified and the profile complete
 * (name, phone, city, gender, birth year, bio, about, image, intro video and thumbnail). A TutorManager
 * is listed when activated with a complete profile: no interview, and no verification asked of staff
 * accounts. Other roles never are.
 */

/** What the rule reads of the user. */
export type ListingUser = {
  role: Role;
  name: string | null;
  phone: string | null;
  city: number | null;
  gender: string | null;
  birthYear: number | null;
  image: string | null;
  verifiedEmail: boolean;
  verifiedPhone: boolean;
};

/** What the rule reads of the tutor meta, plus the interview outcome. */
export type ListingTutor = {
  activated: boolean;
  bio: string | null;
  about: string | null;
  video: string | null;
  thumbnail: string | null;
  /** The latest interview passed and a SuperAdmin signed it (irrelevant for TutorManagers). */
  interviewSigned: boolean;
};

/** One unmet condition, for the onboarding checklist and staff screens. */
export type ListingRequirement =
  | 'role'
  | 'activated'
  | 'interview'
  | 'verified-email'
  | 'verified-phone'
  | 'name'
  | 'phone'
  | 'city'
  | 'gender'
  | 'birth-year'
  | 'bio'
  | 'about'
  | 'image'
  | 'video'
  | 'thumbnail';

const isPresent = (value: string | number | null | undefined) =>
  value !== null && value !== undefined && String(value).trim() !== '';

/** The conditions the tutor does not meet yet, in checklist order; empty when listed. */
export function missingListingRequirements(tutor: ListingTutor, user: ListingUser): ListingRequirement[] {
  if (user.role !== Role.Tutor && user.role !== Role.TutorManager) {
    return ['role'];
  }
  const isManager = user.role === Role.TutorManager;
  const checks: Array<[ListingRequirement, boolean]> = [
    ['activated', tutor.activated],
    ['interview', isManager || tutor.interviewSigned],
    ['verified-email', isManager || user.verifiedEmail],
    ['verified-phone', isManager || user.verifiedPhone],
    ['name', isPresent(user.name)],
    ['phone', isPresent(user.phone)],
    ['city', isPresent(user.city)],
    ['gender', isPresent(user.gender)],
    ['birth-year', isPresent(user.birthYear)],
    ['bio', isPresent(tutor.bio)],
    ['about', isPresent(tutor.about)],
    ['image', isPresent(user.image)],
    ['video', isPresent(tutor.video)],
    ['thumbnail', isPresent(tutor.thumbnail)],
  ];
  return checks.filter(([, met]) => !met).map(([requirement]) => requirement);
}

/** Whether the tutor is listed (onboarded): shown in the tutors list and bookable. */
export function isTutorListed(tutor: ListingTutor, user: ListingUser): boolean {
  return missingListingRequirements(tutor, user).length === 0;
}
