import { adminUsersMessages } from '@hiwar/ui';
import { BadgeCheck, CircleDashed } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';

const text = adminUsersMessages.users;

/** Whether the e-mail is verified, as a small badge. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge tone="success">
      <BadgeCheck aria-hidden="true" />
      {text.verified}
    </Badge>
  ) : (
    <Badge tone="neutral">
      <CircleDashed aria-hidden="true" />
      {text.unverified}
    </Badge>
  );
}
