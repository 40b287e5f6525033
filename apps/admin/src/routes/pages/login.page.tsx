import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function LoginPage() {
  return <AdminPage title={messages.admin.pages.login} centered />;
}
