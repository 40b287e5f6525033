import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import {
  canManageStudios,
  canOpenSection,
  canRemoveOrphanedMedia,
  canSignInterviews,
} from './staff-access.ts';

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

describe('staff access to the back office’s own tools', () => {
  it('opens the dashboard to every staff role (each sees the cards of its areas)', () => {
    expect(opens('dashboard')).toEqual([...STAFF]);
  });

  it('opens stored files to admins, and lets only a SuperAdmin remove orphans', () => {
    expect(opens('media')).toEqual([Role.SuperAdmin, Role.RegularAdmin]);
    expect(STAFF.filter(canRemoveOrphanedMedia)).toEqual([Role.SuperAdmin]);
  });

  it('opens live server figures to a SuperAdmin only', () => {
    expect(opens('serverStats')).toEqual([Role.SuperAdmin]);
  });
});
