import { Role } from '@hiwar/domain';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { roleLabel } from '../../../lib/labels.ts';

const tones: Record<Role, BadgeTone> = {
  [Role.SuperAdmin]: 'danger',
  [Role.RegularAdmin]: 'warning',
  [Role.TutorManager]: 'info',
  [Role.Studio]: 'info',
  [Role.Tutor]: 'brand',
  [Role.Student]: 'neutral',
};

/** The role's Arabic label, coloured by kind: admins, other staff, tutors, students. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tones[role] ?? 'neutral'}>{roleLabel(role)}</Badge>;
}
