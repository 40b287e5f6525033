/** The demo accounts `npm start` seeds (apps/server/src/seed/demo.ts). */
export const demo = {
  superAdmin: 'superadmin@hiwar.test',
  admin: 'admin@hiwar.test',
  tutor: 'tutor@hiwar.test',
  manager: 'manager@hiwar.test',
  studio: 'studio@hiwar.test',
  student: 'student@hiwar.test',
};
