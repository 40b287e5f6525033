import { Role } from '@hiwar/domain';
import { adminMessages, adminUsersMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { CreateStaffDialog } from '../../features/users/components/create-staff-dialog.tsx';
import { UsersList } from '../../features/users/components/users-list.tsx';
import { seesTutorsOnly } from '../../lib/staff-access.ts';

/** `/users`: every account for admins, tutors for TutorManagers; SuperAdmins also create staff. */
export function UsersPage() {
  const viewer = useStaffUser();
  const tutorsOnly = seesTutorsOnly(viewer.role);
  const text = adminUsersMessages.users;
  return (
    <AdminPage
      title={adminMessages.pages.users}
      description={tutorsOnly ? text.tutorsDescription : text.description}
      actions={viewer.role === Role.SuperAdmin ? <CreateStaffDialog /> : null}
    >
      <UsersList tutorsOnly={tutorsOnly} />
    </AdminPage>
  );
}
