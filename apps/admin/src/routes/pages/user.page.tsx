import { Role, readRowId } from '@hiwar/domain';
import { useParams } from 'react-router';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { UserBillingCard } from '../../features/billing/components/user-billing-card.tsx';
import { StudentFavoritesCard } from '../../features/users/components/student-favorites-card.tsx';
import { UserDetails } from '../../features/users/components/user-details.tsx';
import { canManagePayments, isAdminRole } from '../../lib/staff-access.ts';

/**
 * `/user/:id`: one account, for staff. A student's page also shows their favourite tutors, subscriptions
 * and payments to admins (the only staff the favourites and payments APIs answer for a student).
 */
export function UserPage() {
  const { id } = useParams();
  const viewer = useStaffUser();
  return (
    <UserDetails key={id} id={readRowId(id) ?? null} viewer={viewer}>
      {(user) =>
        user.role === Role.Student && isAdminRole(viewer.role) ? (
          <>
            <StudentFavoritesCard student={user} />
            <UserBillingCard user={user} canManage={canManagePayments(viewer.role)} />
          </>
        ) : null
      }
    </UserDetails>
  );
}
