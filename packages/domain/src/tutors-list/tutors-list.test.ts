import { describe, expect, it } from 'vitest';
import { Role } from '../enums/user.enums.ts';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  isTutorListed,
  type ListingTutor,
  type ListingUser,
  missingListingRequirements,
} from './tutor-listing.rules.ts';
import { matchesDayAndTime, timeOfDayOf } from './tutors-list.rules.ts';
import { FindOnboardedTutorsQuerySchema, type TutorCard, TutorCardSchema } from './tutors-list.schemas.ts';

const codeOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? 'ok' : validationErrorCode(result.error as Parameters<typeof validationErrorCode>[0]);

const user: ListingUser = {
  role: Role.Tutor,
  name: 'منى أحمد',
  phone: '01012345678',
  city: 1,
  gender: 'female',
  birthYear: 1990,
  image: 'https://example.com/a.png',
  verifiedEmail: true,
  verifiedPhone: true,
};
const tutor: ListingTutor = {
  activated: true,
  bio: 'معلمة إنجليزي بخبرة عشر سنوات في المحادثة',
  about: 'x'.repeat(60),
  video: 'https://example.com/v.mp4',
  thumbnail: 'https://example.com/t.jpg',
  interviewSigned: true,
};

describe('isTutorListed', () => {
  it('lists a tutor meeting every condition', () => {
    expect(isTutorListed(tutor, user)).toBe(true);
    expect(missingListingRequirements(tutor, user)).toEqual([]);
  });

  it('names each missing condition, in checklist order', () => {
    expect(missingListingRequirements({ ...tutor, activated: false, interviewSigned: false }, user)).toEqual([
      'activated',
      'interview',
    ]);
    expect(
      missingListingRequirements(tutor, { ...user, verifiedEmail: false, verifiedPhone: false }),
    ).toEqual(['verified-email', 'verified-phone']);
    expect(
      missingListingRequirements(
        { ...tutor, bio: null, about: '  ', video: null, thumbnail: null },
        { ...user, name: null, phone: null, city: null, gender: null, birthYear: null, image: null },
      ),
    ).toEqual([
      'name',
      'phone',
      'city',
      'gender',
      'birth-year',
      'bio',
      'about',
      'image',
      'video',
      'thumbnail',
    ]);
  });

  it('lists an activated TutorManager with a complete profile, without interview or verification', () => {
    const manager = { ...user, role: Role.TutorManager, verifiedEmail: false, verifiedPhone: false };
    expect(isTutorListed({ ...tutor, interviewSigned: false }, manager)).toBe(true);
    expect(missingListingRequirements({ ...tutor, activated: false, video: null }, manager)).toEqual([
      'activated',
      'video',
    ]);
  });

  it('never lists other roles', () => {
    for (const role of [Role.Student, Role.SuperAdmin, Role.RegularAdmin, Role.Studio]) {
      expect(isTutorListed(tutor, { ...user, role })).toBe(false);
      expect(missingListingRequirements(tutor, { ...user, role })).toEqual(['role']);
    }
  });
});

describe('FindOnboardedTutorsQuerySchema', () => {
  it('parses the filters from a query string, sorting by rating by default', () => {
    expect(
      FindOnboardedTutorsQuerySchema.parse({
        search: '  منى ',
        topics: '1,2, 3',
        gender: 'female',
        day: '2026-04-25',
        time: 'evening',
      }),
    ).toEqual({
      page: 1,
      size: 10,
      search: 'منى',
      topics: [1, 2, 3],
      gender: 'female',
      day: '2026-04-25',
      time: 'evening',
      sort: 'rating',
    });
    expect(FindOnboardedTutorsQuerySchema.parse({ topics: ['4', '5'], sort: 'newest' })).toMatchObject({
      topics: [4, 5],
      sort: 'newest',
    });
  });

  it('rejects bad filters', () => {
    for (const query of [
      { sort: 'price' },
      { time: 'noon' },
      { gender: 'other' },
      { day: '25-04-2026' },
      { topics: '1,x' },
      { topics: Array.from({ length: 31 }, (_, i) => String(i + 1)) },
      { search: 'x'.repeat(101) },
      { size: '500' },
    ]) {
      expect(codeOf(FindOnboardedTutorsQuerySchema.safeParse(query)), JSON.stringify(query)).toBe(
        'bad-request',
      );
    }
  });
});

describe('time-of-day buckets', () => {
  const cairo = (time: string) => new Date(`2026-07-18T${time}:00+03:00`);

  it('classifies local start hours', () => {
    expect(timeOfDayOf(cairo('05:59'))).toBe('night');
    expect(timeOfDayOf(cairo('06:00'))).toBe('morning');
    expect(timeOfDayOf(cairo('11:45'))).toBe('morning');
    expect(timeOfDayOf(cairo('12:00'))).toBe('afternoon');
    expect(timeOfDayOf(cairo('17:00'))).toBe('evening');
    expect(timeOfDayOf(cairo('21:45'))).toBe('evening');
    expect(timeOfDayOf(cairo('22:00'))).toBe('night');
    expect(timeOfDayOf(cairo('00:30'))).toBe('night');
  });

  it('matches a local day and part of the day, keeping the night inside its date', () => {
    expect(matchesDayAndTime(cairo('23:00'), { day: '2026-07-18', time: 'night' })).toBe(true);
    expect(matchesDayAndTime(cairo('01:00'), { day: '2026-07-18', time: 'night' })).toBe(true);
    expect(matchesDayAndTime(new Date('2026-07-18T22:00:00+03:00'), { day: '2026-07-17' })).toBe(false);
    // 21:30 UTC on 18 July is already 00:30 on 19 July in Cairo.
    expect(matchesDayAndTime(new Date('2026-07-18T21:30:00Z'), { day: '2026-07-19', time: 'night' })).toBe(
      true,
    );
    expect(matchesDayAndTime(cairo('10:00'), {})).toBe(true);
    expect(matchesDayAndTime(cairo('10:00'), { time: 'evening' })).toBe(false);
  });
});

describe('TutorCardSchema', () => {
  it('describes a tutor card', () => {
    const card: TutorCard = {
      id: 10,
      role: Role.Tutor,
      name: 'منى أحمد',
      image: 'https://example.com/a.png',
      gender: 'female',
      bio: 'معلمة إنجليزي بخبرة عشر سنوات في المحادثة',
      topics: [{ id: 1, nameAr: 'سفر', nameEn: 'Travel' }],
      rating: 4.5,
      ratingCount: 12,
      lessonCount: 80,
      studentCount: 25,
      notice: 14,
      video: 'https://example.com/v.mp4',
      thumbnail: 'https://example.com/t.jpg',
      nextAvailableAt: '2026-01-18T08:00:00Z',
    };
    expect(TutorCardSchema.parse(card)).toEqual(card);
    expect(TutorCardSchema.safeParse({ ...card, role: Role.Student }).success).toBe(false);
    expect(TutorCardSchema.parse({ ...card, rating: null, nextAvailableAt: null }).rating).toBeNull();
  });
});
