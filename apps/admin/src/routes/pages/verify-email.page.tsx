import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function VerifyEmailPage() {
  return <AdminPage title={messages.admin.pages.verifyEmail} centered />;
}
