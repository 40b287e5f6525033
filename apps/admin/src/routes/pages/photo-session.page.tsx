import { useParams } from 'react-router';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { PhotoSessionDetail } from '../../features/photo-sessions/components/photo-session-detail.tsx';
import { canManageStudios } from '../../lib/staff-access.ts';

/** A positive whole-number id from the path, else `null` (shown as not found). */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) {
    return null;
  }
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * `/photo-session/:tutorId` (SuperAdmin, RegularAdmin; a Studio member for their assigned tutors): upload
 * the tutor's avatar, intro video and thumbnail. Only admins may remove the avatar.
 */
export function PhotoSessionPage() {
  const { tutorId } = useParams();
  const viewer = useStaffUser();
  return (
    <PhotoSessionDetail key={tutorId} tutorId={parseId(tutorId)} canRemove={canManageStudios(viewer.role)} />
  );
}
