import { readRowId } from '@hiwar/domain';
import { useParams } from 'react-router';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { PhotoSessionDetail } from '../../features/photo-sessions/components/photo-session-detail.tsx';
import { canManageStudios } from '../../lib/staff-access.ts';

/**
 * `/photo-session/:tutorId` (SuperAdmin, RegularAdmin; a Studio member for their assigned tutors): upload
 * the tutor's avatar, intro video and thumbnail. Only admins may remove the avatar.
 */
export function PhotoSessionPage() {
  const { tutorId } = useParams();
  const viewer = useStaffUser();
  return (
    <PhotoSessionDetail
      key={tutorId}
      tutorId={readRowId(tutorId) ?? null}
      canRemove={canManageStudios(viewer.role)}
    />
  );
}
