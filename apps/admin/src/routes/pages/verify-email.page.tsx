import { useSession } from '@hiwar/client';
import { adminMessages, adminUsersMessages, Button, CenteredState, Spinner } from '@hiwar/ui';
import { LogOut } from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { VerifyEmailCode } from '../../features/auth/components/verify-email-code.tsx';
import { VerifyEmailLink } from '../../features/auth/components/verify-email-link.tsx';
import { isStaffRole } from '../../lib/staff-access.ts';

const text = adminUsersMessages.verifyEmail;

/**
 * `/verify-email`: with `?token=` the e-mailed link is checked (signed in or not); otherwise signed-in
 * staff with an unverified address get the 4-digit code form.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { isAuthenticated, user, logout } = useSession();
  const navigate = useNavigate();
  const title = adminMessages.pages.verifyEmail;

  if (token) {
    return (
      <AdminPage title={title} centered>
        <VerifyEmailLink token={token} />
      </AdminPage>
    );
  }
  if (!isAuthenticated) {
    return <Navigate to="/login" replace />;
  }
  if (!user) {
    return (
      <CenteredState className="min-h-48">
        <Spinner size="lg" className="text-brand" />
      </CenteredState>
    );
  }
  if (user.verifiedEmail || !isStaffRole(user.role)) {
    // The shell's guard shows the dashboard, or the forbidden screen to non-staff.
    return <Navigate to="/" replace />;
  }
  return (
    <AdminPage title={title} description={text.subtitle} centered>
      <VerifyEmailCode user={user} />
      <div className="mt-6 flex justify-center border-t border-border pt-4">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            void logout();
            void navigate('/login', { replace: true });
          }}
        >
          <LogOut aria-hidden="true" />
          {text.useAnotherAccount}
        </Button>
      </div>
    </AdminPage>
  );
}
