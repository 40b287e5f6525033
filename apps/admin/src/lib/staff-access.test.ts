import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { canManageStudios, canOpenSection, canSignInterviews } from './staff-access.ts';

const STAFF = [Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager, Role.Studio] as const;
const opens = (section: Parameters<typeof canOpenSection>[1]) =>
  STAFF.filter((role) => canOpenSection(role, section));

describe('staff access to tutor supply (rules.md "Staff permissions")', () => {
  it('opens interviews to admins and the TutorManager, never the Studio', () => {
    expect(opens('interviews')).toEqual([Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager]);
  });

  it('opens photo sessions to admins and the Studio, never the TutorManager', () => {
    expect(opens('photoSessions')).toEqual([Role.SuperAdmin, Role.RegularAdmin, Role.Studio]);
  });

  it('lets only a SuperAdmin sign an interview', () => {
    expect(STAFF.filter(canSignInterviews)).toEqual([Role.SuperAdmin]);
  });

  it('lets admins assign studios and remove a picture; a Studio member only uploads', () => {
    expect(STAFF.filter(canManageStudios)).toEqual([Role.SuperAdmin, Role.RegularAdmin]);
  });
});
