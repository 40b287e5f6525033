import { useSession } from '@hiwar/client';
import { adminMessages } from '@hiwar/ui';
import { Navigate, useSearchParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { safeRedirect } from '../../lib/redirect.ts';

/** `/login`: staff sign in, then go back to `?redirect=` (or the dashboard). */
export function LoginPage() {
  const { isAuthenticated, user } = useSession();
  const [searchParams] = useSearchParams();
  if (isAuthenticated && user) {
    // The shell's guard decides from here: dashboard, e-mail verification or the forbidden screen.
    return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  }
  return (
    <AdminPage title={adminMessages.pages.login} description={adminMessages.login.subtitle} centered>
      <LoginForm />
    </AdminPage>
  );
}
