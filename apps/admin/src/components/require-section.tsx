import { adminUsersMessages, Button, EmptyState } from '@hiwar/ui';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AdminSection, canOpenSection } from '../lib/staff-access.ts';
import { useStaffUser } from './staff-guard.tsx';

const text = adminUsersMessages.guard;

/** Renders a screen only for the roles its area allows; others see why, inside the shell. */
export function RequireSection({ section, children }: { section: AdminSection; children: ReactNode }) {
  const user = useStaffUser();
  if (canOpenSection(user.role, section)) {
    return children;
  }
  return (
    <EmptyState
      role="alert"
      headingLevel="h1"
      icon={<ShieldAlert />}
      title={text.sectionForbiddenTitle}
      description={text.sectionForbiddenBody}
      action={
        <Button asChild variant="secondary">
          <Link to="/">{text.backToDashboard}</Link>
        </Button>
      }
    />
  );
}
