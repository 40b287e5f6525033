import { Role } from '@hiwar/domain';
import { useParams } from 'react-router';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { UserBillingCard } from '../../features/billing/components/user-billing-card.tsx';
import { UserDetails } from '../../features/users/components/user-details.tsx';
import { canManagePayments, isAdminRole } from '../../lib/staff-access.ts';

/** A positive whole-number id from the path, else `null` (shown as not found). */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) {
    return null;
  }
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * `/user/:id`: one account, for staff. A student's page also shows their subscriptions and payments to
 * admins (the only staff the payments API answers).
 */
export function UserPage() {
  const { id } = useParams();
  const viewer = useStaffUser();
  return (
    <UserDetails key={id} id={parseId(id)} viewer={viewer}>
      {(user) =>
        user.role === Role.Student && isAdminRole(viewer.role) ? (
          <UserBillingCard user={user} canManage={canManagePayments(viewer.role)} />
        ) : null
      }
    </UserDetails>
  );
}
