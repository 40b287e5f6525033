import { useParams } from 'react-router';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { UserDetails } from '../../features/users/components/user-details.tsx';

/** A positive whole-number id from the path, else `null` (shown as not found). */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) {
    return null;
  }
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** `/user/:id`: one account, for staff. */
export function UserPage() {
  const { id } = useParams();
  const viewer = useStaffUser();
  return <UserDetails key={id} id={parseId(id)} viewer={viewer} />;
}
